// Standalone development entry (npm run dev -w mf-fixtures); the shell loads ./App instead.
import { renderStandalone } from '@matchday/ui';
import App from './exposes/App';

renderStandalone('mf-fixtures', App);
