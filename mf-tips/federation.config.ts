import type { FederationConfig } from '@matchday/config';

const config: FederationConfig = {
  name: 'mf-tips',
  kind: 'remote',
  exposes: { './App': './src/exposes/App.tsx' },
  title: 'Matchday tips',
};
export default config;
