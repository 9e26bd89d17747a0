import type { MigrationList } from '@matchday/server';
import * as leaguesTeamsFixtures from './20261122a-leagues-teams-fixtures';
import * as fullFootballSchema from './20261122b-full-football-schema';
import * as searchTerms from './20261123b-search-terms';
import * as heldResults from './20261123c-held-results';
import * as readIndexes from './20261123r-read-indexes';
import * as matchEvents from './20261125a-match-events';
import * as fixtureSchedule from './20261125b-fixture-schedule';
import * as eventAlerts from './20261125c-event-alerts';
import * as lineupsExpectedGoals from './20261125d-lineups-expected-goals';
import * as knockoutDraw from './20261128h-knockout-draw';
import * as syncState from './20261128s-sync-state';
import * as playerKnownAs from './20261128t-player-known-as';
import * as playerMatchDepth from './20261206d-player-match-depth';
import * as liveFeedEpoch from './20261206e-live-feed-epoch';
import * as lineupMinutes from './20261206l-lineup-minutes';
import * as fixtureAttendance from './20261206m-fixture-attendance';
import * as eventPlayers from './20261206n-event-players';
import * as eventSource from './20261206o-event-source';

export const migrations: MigrationList = {
  '20261122a-leagues-teams-fixtures': leaguesTeamsFixtures,
  '20261122b-full-football-schema': fullFootballSchema,
  '20261123b-search-terms': searchTerms,
  '20261123c-held-results': heldResults,
  '20261123r-read-indexes': readIndexes,
  '20261125a-match-events': matchEvents,
  '20261125b-fixture-schedule': fixtureSchedule,
  '20261125c-event-alerts': eventAlerts,
  '20261125d-lineups-expected-goals': lineupsExpectedGoals,
  '20261128h-knockout-draw': knockoutDraw,
  '20261128s-sync-state': syncState,
  '20261128t-player-known-as': playerKnownAs,
  '20261206d-player-match-depth': playerMatchDepth,
  '20261206e-live-feed-epoch': liveFeedEpoch,
  '20261206l-lineup-minutes': lineupMinutes,
  '20261206m-fixture-attendance': fixtureAttendance,
  '20261206n-event-players': eventPlayers,
  '20261206o-event-source': eventSource,
};
