import type { GoalKind, LiveChange, MatchEvent, MatchEventKind } from '@matchday/contracts';
import type { Knex } from '@matchday/server';
import { liveMatchOf, type FixtureLiveRow } from './match-state';
import { playerLineEvents, scorerName, type PlayerEventLine } from './player-events';
import { iso } from '../../lib/values';

interface EventRow {
  fixture_id: number;
  seq: number;
  feed_seq: number | string;
  kind: string;
  team_id: number | null;
  minute: number | null;
  stoppage: number | null;
  goal_kind: string | null;
  scorer: string | null;
  player: string | null;
  player_off: string | null;
  home_score: number | null;
  away_score: number | null;
  cancelled: number | boolean;
  happened_ms: number | string;
  stored_ms: number | string | null;
  cancels_seq: number | null;
}

const EVENT_COLUMNS = [
  'fixture_id',
  'seq',
  'feed_seq',
  'kind',
  'team_id',
  'minute',
  'stoppage',
  'goal_kind',
  'scorer',
  'player',
  'player_off',
  'home_score',
  'away_score',
  'cancelled',
  'happened_ms',
  'stored_ms',
  'cancels_seq',
];

function eventOf(row: EventRow): MatchEvent {
  return {
    seq: Number(row.seq),
    kind: row.kind as MatchEventKind,
    minute: row.minute === null ? null : Number(row.minute),
    stoppage: row.stoppage === null ? null : Number(row.stoppage),
    teamId: row.team_id === null ? null : Number(row.team_id),
    scorer: row.scorer,
    goalKind: row.goal_kind as GoalKind | null,
    homeScore: row.home_score === null ? null : Number(row.home_score),
    awayScore: row.away_score === null ? null : Number(row.away_score),
    cancelled: Boolean(Number(row.cancelled)),
    ...(row.kind === 'yellow-card' || row.kind === 'red-card' || row.kind === 'substitution' ? { player: row.player } : {}),
    ...(row.kind === 'substitution' ? { playerOff: row.player_off } : {}),
    ...(row.kind === 'goal-cancelled' || row.kind === 'withdrawn'
      ? { cancelsSeq: row.cancels_seq === null ? null : Number(row.cancels_seq) }
      : {}),
    at: new Date(Number(row.happened_ms)).toISOString(),
  };
}

const FIXTURE_COLUMNS = {
  fixtureId: 'f.id',
  leagueId: 'f.league_id',
  status: 'f.status',
  goalsHome: 'f.home_goals',
  goalsAway: 'f.away_goals',
  goalsHomeEt: 'f.home_goals_et',
  goalsAwayEt: 'f.away_goals_et',
  penaltiesHome: 'f.home_penalties',
  penaltiesAway: 'f.away_penalties',
  homeTeamId: 'f.home_team_id',
  awayTeamId: 'f.away_team_id',
  homeTeam: 'h.name',
  awayTeam: 'a.name',
} as const;

/** `fixtures as f` with its clubs (h, a), selecting FIXTURE_COLUMNS. */
const fixturesWithClubs = (db: Knex) =>
  db('fixtures as f').join('teams as h', 'h.id', 'f.home_team_id').join('teams as a', 'a.id', 'f.away_team_id').select(FIXTURE_COLUMNS);

function fixtureOf(row: Record<string, unknown>): FixtureLiveRow {
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    fixtureId: Number(row.fixtureId),
    leagueId: Number(row.leagueId),
    status: row.status as FixtureLiveRow['status'],
    goalsHome: n(row.goalsHome),
    goalsAway: n(row.goalsAway),
    goalsHomeEt: n(row.goalsHomeEt),
    goalsAwayEt: n(row.goalsAwayEt),
    penaltiesHome: n(row.penaltiesHome),
    penaltiesAway: n(row.penaltiesAway),
    homeTeamId: Number(row.homeTeamId),
    awayTeamId: Number(row.awayTeamId),
    homeTeam: String(row.homeTeam),
    awayTeam: String(row.awayTeam),
  };
}

/**
 * A fixture's timeline in order; null when the fixture does not exist. The stored events (match_events) come first;
 * a finished match whose players' lines carry goals and cards without minutes gets those after them
 * (player-events.ts), read from fixture_player_stats each time, so a re-import never leaves them stale.
 */
export async function findFixtureEvents(db: Knex, fixtureId: number): Promise<MatchEvent[] | null> {
  const fixture = (await db('fixtures')
    .where({ id: fixtureId })
    .first('id', 'status', 'home_team_id', 'away_team_id', 'home_goals', 'away_goals', 'kickoff_at')) as
    Record<string, unknown> | undefined;
  if (!fixture) return null;
  const rows = (await db('match_events').where({ fixture_id: fixtureId }).orderBy('seq').select(EVENT_COLUMNS)) as EventRow[];
  const stored = rows.map(eventOf);
  if (fixture.status !== 'finished') return stored;
  const lines = (await db('fixture_player_stats as ps')
    .join('players as p', 'p.id', 'ps.player_id')
    .where('ps.fixture_id', fixtureId)
    .orderBy('ps.player_id')
    .select('ps.team_id', 'p.name', 'p.known_as', 'ps.goals', 'ps.own_goals', 'ps.assists', 'ps.yellow_cards', 'ps.red_cards')) as Array<
    Record<string, unknown>
  >;
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const playerLines: PlayerEventLine[] = lines.map((line) => ({
    teamId: Number(line.team_id),
    // the name fans know him by (FPL's web name: "Salah", "Schär")
    name: scorerName(line.known_as === null ? null : String(line.known_as), String(line.name)),
    goals: n(line.goals),
    ownGoals: n(line.own_goals),
    assists: n(line.assists),
    yellowCards: n(line.yellow_cards),
    redCards: n(line.red_cards),
  }));
  const match = {
    homeTeamId: Number(fixture.home_team_id),
    awayTeamId: Number(fixture.away_team_id),
    status: String(fixture.status),
    goalsHome: n(fixture.home_goals),
    goalsAway: n(fixture.away_goals),
    kickoff: iso(fixture.kickoff_at),
  };
  return [...stored, ...playerLineEvents(match, playerLines, stored)];
}

/** Where the live feed stands: every change up to here has been written. */
export async function feedPosition(db: Knex): Promise<number> {
  return (await feedHead(db)).position;
}

/** Where the live feed stands, and its epoch (renewed whenever the football data is replaced). */
export async function feedHead(db: Knex): Promise<{ position: number; epoch: string }> {
  const row = (await db('live_feed').where({ id: 1 }).first('last_seq', 'epoch')) as
    { last_seq: number | string; epoch: string | null } | undefined;
  return { position: Number(row?.last_seq ?? 0), epoch: String(row?.epoch ?? '') };
}

/** Every fixture being played (status live) as it stands at `nowMs`. */
export async function liveMatches(db: Knex, nowMs: number) {
  const fixtures = ((await fixturesWithClubs(db).where('f.status', 'live')) as Array<Record<string, unknown>>).map(fixtureOf);
  if (fixtures.length === 0) return [];
  const rows = (await db('match_events')
    .whereIn(
      'fixture_id',
      fixtures.map((f) => f.fixtureId),
    )
    .orderBy(['fixture_id', 'seq'])
    .select(EVENT_COLUMNS)) as EventRow[];
  const byFixture = new Map<number, MatchEvent[]>();
  for (const row of rows) {
    const list = byFixture.get(Number(row.fixture_id)) ?? [];
    list.push(eventOf(row));
    byFixture.set(Number(row.fixture_id), list);
  }
  return fixtures.map((f) => liveMatchOf(f, byFixture.get(f.fixtureId) ?? [], nowMs));
}

/** The changes after `after` in feed order (at most `limit`), each with its match as it stood after it. */
export async function feedChanges(db: Knex, after: number, limit: number): Promise<LiveChange[]> {
  const rows = (await db('match_events')
    .where('feed_seq', '>', after)
    .orderBy('feed_seq')
    .limit(limit)
    .select(EVENT_COLUMNS)) as EventRow[];
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((r) => Number(r.fixture_id)))];
  const fixtures = new Map(
    ((await fixturesWithClubs(db).whereIn('f.id', ids)) as Array<Record<string, unknown>>).map((r) => {
      const f = fixtureOf(r);
      return [f.fixtureId, f] as const;
    }),
  );
  const history = (await db('match_events').whereIn('fixture_id', ids).orderBy(['fixture_id', 'seq']).select(EVENT_COLUMNS)) as EventRow[];
  const timelines = new Map<number, MatchEvent[]>();
  for (const row of history) {
    const list = timelines.get(Number(row.fixture_id)) ?? [];
    list.push(eventOf(row));
    timelines.set(Number(row.fixture_id), list);
  }
  return rows.map((row) => {
    const event = eventOf(row);
    const fixtureId = Number(row.fixture_id);
    const upTo = (timelines.get(fixtureId) ?? []).filter((e) => e.seq <= event.seq);
    const fixture = fixtures.get(fixtureId)!;
    // the match as it stood right after this event: its score (an event without one, a card, stands at the last one
    // before it), its clock at that moment
    const scored = upTo.findLast((e) => e.homeScore !== null && e.awayScore !== null);
    const state = {
      ...fixture,
      goalsHome: scored ? scored.homeScore : fixture.goalsHome,
      goalsAway: scored ? scored.awayScore : fixture.goalsAway,
    };
    const atEvent = liveMatchOf(
      { ...state, goalsHomeEt: null, goalsAwayEt: null, status: event.kind === 'full-time' ? 'finished' : 'live' },
      upTo,
      Date.parse(event.at),
    );
    const storedAt = new Date(Number(row.stored_ms ?? row.happened_ms)).toISOString();
    return { feedSeq: Number(row.feed_seq), fixtureId, event, match: atEvent, storedAt };
  });
}
