// Standalone development entry (npm run dev -w mf-admin); the shell loads ./App instead.
import { renderStandalone } from '@matchday/ui';
import App from './exposes/App';

renderStandalone('mf-admin', App);
