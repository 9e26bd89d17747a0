import type { RemoteName } from './manifest';

export interface AreaRoute {
  path: string;
  remote: RemoteName;
  screen: string;
}

/** The routing table of spec §2: every signed-in route, the remote that owns it and the screen it shows. */
export const AREA_ROUTES: readonly AreaRoute[] = [
  { path: '/', remote: 'mf-fixtures', screen: 'home' },
  { path: '/team/:teamId/:leagueId/:season', remote: 'mf-stats', screen: 'team' },
  { path: '/squad/:homeTeamId/:awayTeamId/:leagueId/:season', remote: 'mf-stats', screen: 'squad' },
  { path: '/fixture/:homeTeamId/:awayTeamId/:leagueId/:season', remote: 'mf-stats', screen: 'squad' },
  { path: '/player/:playerId/:leagueId/:season', remote: 'mf-stats', screen: 'player' },
  { path: '/player-stats/:playerId/:leagueId/:season', remote: 'mf-stats', screen: 'player' },
  { path: '/fixture-stats/:fixtureId', remote: 'mf-stats', screen: 'fixture-stats' },
  { path: '/fixture-stats/:fixtureId/:playerId/:leagueId/:season', remote: 'mf-stats', screen: 'fixture-stats' },
  { path: '/fixture-players/:fixtureId', remote: 'mf-stats', screen: 'fixture-players' },
  { path: '/standings', remote: 'mf-stats', screen: 'standings' },
  { path: '/top-scorers/:leagueId/:season', remote: 'mf-stats', screen: 'top-scorers' },
  { path: '/h2h', remote: 'mf-stats', screen: 'h2h' },
  { path: '/team-stats/:teamId/:leagueId/:season', remote: 'mf-stats', screen: 'team-stats' },
  { path: '/betting-tips', remote: 'mf-tips', screen: 'betting-tips' },
  { path: '/dream11-predictions', remote: 'mf-tips', screen: 'dream11-predictions' },
  { path: '/profile', remote: 'mf-account', screen: 'profile' },
  { path: '/settings', remote: 'mf-account', screen: 'settings' },
  { path: '/blogs', remote: 'mf-account', screen: 'blogs' },
  { path: '/Insights-and-Analysis', remote: 'mf-account', screen: 'insights-and-analysis' },
  { path: '/delete-account', remote: 'mf-account', screen: 'delete-account' },
  { path: '/privacy-policy', remote: 'mf-account', screen: 'privacy-policy' },
  { path: '/social-preview', remote: 'mf-account', screen: 'social-preview' },
  { path: '/social-preview/:referralCode', remote: 'mf-account', screen: 'social-preview' },
  { path: '/admin', remote: 'mf-admin', screen: 'admin' },
];
