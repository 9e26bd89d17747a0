import type { FederationConfig } from '@matchday/config';

const config: FederationConfig = {
  name: 'mf-fixtures',
  kind: 'remote',
  exposes: { './App': './src/exposes/App.tsx' },
  title: 'Matchday fixtures',
};
export default config;
