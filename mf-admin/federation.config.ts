import type { FederationConfig } from '@matchday/config';

const config: FederationConfig = {
  name: 'mf-admin',
  kind: 'remote',
  exposes: { './App': './src/exposes/App.tsx' },
  title: 'Matchday admin',
};
export default config;
