// Standalone development entry (npm run dev -w mf-stats); the shell loads ./App instead.
import { renderStandalone } from '@matchday/ui';
import App from './exposes/App';

renderStandalone('mf-stats', App);
