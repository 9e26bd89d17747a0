import type { FederationConfig } from '@matchday/config';

const config: FederationConfig = {
  name: 'mf-stats',
  kind: 'remote',
  exposes: { './App': './src/exposes/App.tsx' },
  title: 'Matchday statistics',
};
export default config;
