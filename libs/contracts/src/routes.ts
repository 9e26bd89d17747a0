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
  { path: '/leagues', remote: 'mf-stats', screen: 'leagues' },
  { path: '/league/:leagueId/:season', remote: 'mf-stats', screen: 'league' },
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

/** A route path as a regular expression source: a `:param` matches one segment, a trailing slash is allowed. */
export function routePattern(path: string): string {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return `^${path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : escape(part)))
    .join('/')}/?$`;
}

/** The area route a pathname is on, if any (case-insensitive, as the router matches). */
export function areaRouteOf(pathname: string): AreaRoute | undefined {
  return AREA_ROUTES.find((route) => new RegExp(routePattern(route.path), 'i').test(pathname));
}

/** Routes the shell renders itself (no remote involved), so they work while any remote is down. */
export const SHELL_ROUTES = {
  /** Search screen on phones (on wider screens the box sits in the header); query q. */
  search: '/search',
} as const;

/** Tabs of the league hub, `/league/:leagueId/:season?tab=` (default table). */
/** The league hub's tabs; 'bracket' only for a cup (a knockout stage, GET /api/bracket). */
export const LEAGUE_TABS = ['table', 'matches', 'scorers', 'bracket'] as const;
export type LeagueTab = (typeof LEAGUE_TABS)[number];

export function leagueHubPath(leagueId: number | string, season: number | string, tab?: LeagueTab): string {
  return `/league/${leagueId}/${season}${tab && tab !== 'table' ? `?tab=${tab}` : ''}`;
}

export interface NavItem {
  label: 'Matches' | 'Leagues' | 'Tips' | 'Fantasy';
  path: string;
  /** Path prefixes that belong to the section (the item is marked current on them). */
  sections: readonly string[];
}

/** The shell's primary navigation: bottom tab bar up to 768 px, in the header above. */
export const PRIMARY_NAV: readonly NavItem[] = [
  { label: 'Matches', path: '/', sections: ['/', '/squad', '/fixture', '/fixture-stats', '/fixture-players', '/h2h'] },
  { label: 'Leagues', path: '/leagues', sections: ['/leagues', '/league', '/standings', '/top-scorers', '/team', '/team-stats'] },
  { label: 'Tips', path: '/betting-tips', sections: ['/betting-tips'] },
  { label: 'Fantasy', path: '/dream11-predictions', sections: ['/dream11-predictions'] },
];

/** The navigation item a path belongs to, if any ('/fixture-stats/12' -> Matches, '/league/39/2023' -> Leagues). */
export function navItemFor(pathname: string): NavItem | undefined {
  const first = `/${pathname.split('/')[1] ?? ''}`;
  return PRIMARY_NAV.find((item) => item.sections.some((section) => (section === '/' ? pathname === '/' : first === section)));
}
