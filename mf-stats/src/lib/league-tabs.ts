import type { ComponentType } from 'react';

/** What a tab of the league hub is given: the league and season of the hub. */
export interface LeagueSeasonTabProps {
  leagueId: string;
  season: string;
}

/**
 * The tabs of the league hub that other features draw (the table, the top scorers): exposes/App.tsx passes them
 * in, so that the league feature imports no other feature.
 */
export interface LeagueHubTabs {
  TableTab: ComponentType<LeagueSeasonTabProps>;
  ScorersTab: ComponentType<LeagueSeasonTabProps>;
  /** A cup's knockout stage (loaded on demand: most visits never open it). */
  BracketTab: ComponentType<LeagueSeasonTabProps>;
}
