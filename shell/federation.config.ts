import type { FederationConfig } from '@matchday/config';

const config: FederationConfig = {
  name: 'shell',
  kind: 'host',
  title: 'Matchday',
  pwa: {
    name: 'Matchday',
    shortName: 'Matchday',
    description: 'Football fixtures, squads, player and team statistics, standings, tips and fantasy picks.',
    themeColor: '#0b1120',
    backgroundColor: '#0b1120',
    iconSvg: 'assets/icon.svg',
    swSrc: './src/pwa/sw.ts',
  },
};
export default config;
