import type { FederationConfig } from '@matchday/config';

const config: FederationConfig = {
  name: 'mf-account',
  kind: 'remote',
  exposes: { './App': './src/exposes/App.tsx' },
  title: 'Matchday account',
};
export default config;
