import type { FederationConfig } from '@matchday/config';

const config: FederationConfig = { name: 'shell', kind: 'host', title: 'Matchday' };
export default config;
