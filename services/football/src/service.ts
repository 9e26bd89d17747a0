import { API_PREFIXES } from '@matchday/contracts';
import { createLogger, systemClock, type Clock, type Knex, type ServiceDefinition } from '@matchday/server';
import { liveFeedConfig, syncConfig } from './config';
import { migrations } from './db/migrations';
import { moveDemoToToday, seedDemo } from './importers/demo/demo';
import { startReleaser, type ReleaserOptions } from './importers/held-results';
import { startLivePoller, type LivePollerOptions } from './importers/live-poller';
import { bracketRouter } from './modules/bracket/router';
import { calendarRouters } from './modules/calendar/router';
import { datasetRouter } from './modules/dataset/router';
import { fixturePlayersRouter } from './modules/fixture-players/router';
import { fixtureStatsRouter } from './modules/fixture-stats/router';
import { fixturesRouter } from './modules/fixtures/router';
import { headToHeadRouter } from './modules/h2h/router';
import { leaguesRouter } from './modules/leagues/router';
import { lineupsRouter } from './modules/lineups/router';
import { fixtureEventsRouter, liveFeedRouter, liveRouter } from './modules/live/router';
import { lookupRouter } from './modules/lookup/router';
import { modelFeedRouter } from './modules/model-feed/router';
import { playerStatsRouter } from './modules/player-stats/router';
import { playersRouter } from './modules/players/router';
import { searchRouter } from './modules/search/router';
import { standingsRouter } from './modules/standings/router';
import { createFootballJsonSync, type FootballJsonSync } from './importers/sync';
import { syncRouter } from './importers/sync/router';
import { teamStatsRouter } from './modules/team-stats/router';
import { topScorersRouter } from './modules/top-scorers/router';

/** Paths only the other servers call (behind the identity check like every other). */
const INTERNAL_PREFIX = '/internal/';

/** What football's start-up starts and its routers read: the football.json sync (null: SYNC_FOOTBALL_JSON unset). */
export interface FootballParts {
  sync: FootballJsonSync | null;
}

/** The football.json sync from the environment (SYNC_FOOTBALL_JSON...), on the service's clock; not started. */
function syncFromEnvironment(db: Knex, clock: Clock): FootballJsonSync | null {
  const options = syncConfig();
  return options ? createFootballJsonSync(db, { now: clock, ...options, logger: createLogger('football') }) : null;
}

export const football: ServiceDefinition<FootballParts> = {
  name: 'football',
  migrations,
  parts: (db, clock) => ({ sync: syncFromEnvironment(db, clock) }),
  routers: (db, clock, { sync }) => [
    leaguesRouter(db),
    fixturesRouter(db, clock),
    datasetRouter(db),
    playersRouter(db, clock),
    playerStatsRouter(db),
    fixtureStatsRouter(db),
    fixturePlayersRouter(db),
    lineupsRouter(db),
    standingsRouter(db),
    bracketRouter(db, clock),
    topScorersRouter(db),
    headToHeadRouter(db),
    teamStatsRouter(db),
    searchRouter(db),
    modelFeedRouter(db),
    liveRouter(db, clock),
    fixtureEventsRouter(db),
    liveFeedRouter(db),
    lookupRouter(db),
    ...calendarRouters(db, { now: clock }),
    syncRouter(sync),
  ],
  // Reads by the other servers in the background (the gateway's live feed every 100 ms, insights' model feed every 2
  // minutes, the alert sender's lookups): ~10 info lines a second in npm start's terminal otherwise.
  quietPaths: [INTERNAL_PREFIX],
  // Home's reads, a team's calendar and the dataset: compiled and their statements prepared before the first visitor.
  // The calendar of the team with the most fixtures, home and away: the longest feed takes every branch of the writer.
  warmUpPaths: async (db) => {
    const sides = db('fixtures')
      .select({ id: 'home_team_id' })
      .unionAll(db('fixtures').select({ id: 'away_team_id' }));
    const team = (await db.from(sides.as('sides')).select('id').groupBy('id').orderByRaw('count(*) desc, id').first()) as
      { id: number } | undefined;
    return [
      API_PREFIXES.football.leagues,
      API_PREFIXES.football.dataset,
      `${API_PREFIXES.football.fixtures}/filter?type=today&tz=UTC`,
      ...(team ? [`${API_PREFIXES.football.calendarTeam}/${team.id}.ics`] : []),
    ];
  },
  seedIfEmpty: (db, clock) => seedDemo(db, new Date(clock())),
  onStart: (db, clock, { sync }) => startFootball(db, clock, { sync }),
};

export interface FootballTimers {
  /** A replay's release of held-back results (its longest wait between checks). */
  releaser?: Pick<ReleaserOptions, 'maxWaitMs'>;
  /** The live feed's options, by default from the environment; null: none. */
  live?: LivePollerOptions | null;
  /** The football.json sync to start (the service's parts'); none by default. */
  sync?: FootballJsonSync | null;
}

/**
 * At every start, all on `clock` (the service's one "now"): demo fixtures move to today; a replay's held-back
 * results are released as the clock passes kick-off + 2 h; with API_FOOTBALL_KEY set, API-Football is polled for
 * the stored fixtures being played; the football.json sync it is handed runs, now and every SYNC_INTERVAL_S. Returns
 * the stop function of these timers (the sync's included: the one the sync router reads).
 */
export async function startFootball(
  db: Knex,
  clock: Clock = systemClock,
  { releaser = {}, live = liveFeedConfig(), sync = null }: FootballTimers = {},
): Promise<() => Promise<void>> {
  await moveDemoToToday(db, new Date(clock()));
  const logger = createLogger('football');
  const timer = startReleaser(db, {
    ...releaser,
    now: clock,
    onRelease: (summary) =>
      logger.info(
        { matches: summary.matches, events: summary.events, playerLines: summary.playerLines, problems: summary.problems.length },
        'replay: results released',
      ),
    onError: (error) => logger.error({ err: error }, 'replay: releasing results failed'),
  });
  if (live) logger.info({ pollMs: live.pollMs, dailyRequests: live.dailyRequests }, 'live feed: polling API-Football');
  const poller = live ? startLivePoller(db, { logger, now: clock, ...live }) : null;
  sync?.start();
  return async () => {
    await sync?.stop();
    await poller?.stop();
    await timer.stop();
  };
}
