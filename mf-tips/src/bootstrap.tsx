// Standalone development entry (npm run dev -w mf-tips); the shell loads ./App instead.
import { renderStandalone } from '@matchday/ui';
import App from './exposes/App';

renderStandalone('mf-tips', App);
