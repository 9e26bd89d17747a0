import { toSqlDateTime, type Knex } from '@matchday/server';
import { insertLeague, insertRows, insertSearchTerms, insertSeasons, markDemoDataset, setDatasetMeta, shiftKickoffs } from '../store';
import { daysBetween, utcDateString } from '../../lib/time';
import { epoch } from '../../lib/values';
import type { FixturesRow, PlayersRow, SquadMembersRow, TeamsRow, VenuesRow } from '../../db/rows';
import { playerNames, searchTermRows } from '../../domain/search';
import { computeTable } from '../../domain/table';
import { DEMO_LEAGUES, syntheticLeagues, type DemoLeague } from './demo-leagues';
import { simulateMatch, int, prng, shuffle, type PlayerStatsRow, type Random, type Side, type TeamStatsRow } from './demo-match';
import { POOL_COUNTRIES } from './demo-names';
import { doubleRoundRobin, leaguePhase } from './demo-calendar';
import { makeSquad, type ClubState } from './demo-squads';
import { demoOdds, type DemoOddsFixture } from './demo-odds';

/**
 * Deterministic demo data (seeded PRNG): the Indian Super League (13 clubs, head-to-head tie-break),
 * the Premier League (20 clubs) and the Champions League (36 clubs in a league phase, four of them
 * Premier League clubs) of fictional clubs, with venues, squads by position and, for every match
 * played, full team and player statistics. Optionally many more synthetic leagues and seasons (the
 * benchmark's large dataset).
 *
 * Calendar: the current season's middle round falls on the anchor day (the day of seeding); rounds
 * every three days with each league on its own day of the cycle, so that today, tomorrow and every
 * day of the coming weeks have fixtures. Earlier seasons are the same calendar 52 weeks (or a multiple)
 * earlier, fully played, with their play-offs/knockouts.
 *
 * Played or not is decided by the stored date: a match is finished (score and statistics) when it
 * kicks off before the anchor day (UTC), and scheduled from the anchor day on. `moveDemoToToday` later
 * shifts every kick-off by whole days so that the anchor day is always today: the split between played
 * and scheduled stays at the start of today, and no match can move into the past unplayed (today's
 * matches stay 'scheduled' all day).
 */

export { doubleRoundRobin, leaguePhase } from './demo-calendar';

export const DEMO_SEASON = 2026;

export interface GenerateOptions {
  /** The anchor day (default: now). */
  today?: Date;
  /** The season in progress (default 2026 = 2026-27). */
  currentSeason?: number;
  /** How many seasons up to and including the current one (default 2). */
  seasons?: number;
  /** Synthetic leagues to add to the three demo leagues (default 0). */
  extraLeagues?: number;
  /** Clubs in each synthetic league (default 20). */
  clubsPerExtraLeague?: number;
  onProgress?: (progress: { league: string; season: number; done: number; total: number }) => void;
}

export interface GenerateSummary {
  leagues: number;
  seasons: number;
  teams: number;
  players: number;
  fixtures: number;
  finishedFixtures: number;
  teamStatRows: number;
  playerStatRows: number;
  milliseconds: number;
}

const DAY = 86_400_000;

async function nextId(db: Knex, table: string): Promise<number> {
  const [row] = await db(table).max({ m: 'id' });
  return Number(row?.m ?? 0) + 1;
}

interface SeasonRows {
  fixtures: FixturesRow[];
  teamStats: Array<TeamStatsRow & { fixture_id: number }>;
  playerStats: Array<PlayerStatsRow & { fixture_id: number }>;
}

class SeasonBuilder {
  readonly rows: SeasonRows = { fixtures: [], teamStats: [], playerStats: [] };

  constructor(
    private readonly random: Random,
    private readonly league: DemoLeague,
    private readonly season: number,
    private nextFixtureId: number,
    private readonly todayMidnight: number,
    private readonly strength: (club: ClubState) => number,
  ) {}

  get fixtureIdAfter(): number {
    return this.nextFixtureId;
  }

  /** Adds one match on `dayOffset` (days from the anchor day); plays it when that day is before the anchor day. */
  add(
    home: ClubState,
    away: ClubState,
    dayOffset: number,
    slot: number,
    round: string,
    stage: string,
    options: { venueId?: number; neutral?: boolean } = {},
  ): FixturesRow {
    const [hour, minute] = this.league.kickoffs[slot % this.league.kickoffs.length]!;
    const kickoff = new Date(this.todayMidnight + dayOffset * DAY + (hour * 60 + minute) * 60_000);
    const id = this.nextFixtureId;
    this.nextFixtureId += 1;
    const row: FixturesRow = {
      id,
      league_id: this.league.id,
      season: this.season,
      round,
      kickoff_at: toSqlDateTime(kickoff),
      status: 'scheduled',
      home_team_id: home.teamId,
      away_team_id: away.teamId,
      home_goals: null,
      away_goals: null,
      home_goals_ht: null,
      away_goals_ht: null,
      home_goals_et: null,
      away_goals_et: null,
      home_penalties: null,
      away_penalties: null,
      venue_id: options.venueId ?? home.venueId,
      stage,
      group_name: null,
      referee: null,
      schedule_seq: 0,
      schedule_changed_at: null,
    };
    if (dayOffset < 0) {
      const sides: [Side, Side] = [
        { teamId: home.teamId, strength: this.strength(home), squad: home.squad },
        { teamId: away.teamId, strength: this.strength(away), squad: away.squad },
      ];
      const match = simulateMatch(this.random, sides[0], sides[1], options.neutral);
      row.status = 'finished';
      row.home_goals = match.homeGoals;
      row.away_goals = match.awayGoals;
      row.home_goals_ht = match.homeGoalsHt;
      row.away_goals_ht = match.awayGoalsHt;
      for (const team of match.teams) this.rows.teamStats.push({ fixture_id: id, ...team });
      for (const player of match.players) this.rows.playerStats.push({ fixture_id: id, ...player });
    }
    this.rows.fixtures.push(row);
    return row;
  }

  /** Decides a drawn deciding match: extra time without goals, then a shoot-out. */
  shootOut(row: FixturesRow, homeWins: boolean): void {
    row.home_goals_et = row.home_goals;
    row.away_goals_et = row.away_goals;
    const loser = int(this.random, 2, 4);
    row.home_penalties = homeWins ? loser + 1 : loser;
    row.away_penalties = homeWins ? loser : loser + 1;
  }

  /**
   * A knockout tie, `first` at home in the first leg (or the only match); returns the winner. Levels
   * are decided by a shoot-out (no away-goals rule).
   */
  tie(
    first: ClubState,
    second: ClubState,
    legs: 1 | 2,
    dayOffsets: number[],
    round: string,
    stage: string,
    options: { venueId?: number; neutral?: boolean } = {},
  ): ClubState {
    if (legs === 1) {
      const match = this.add(first, second, dayOffsets[0]!, 0, round, stage, options);
      const diff = match.home_goals! - match.away_goals!;
      if (diff !== 0) return diff > 0 ? first : second;
      const homeWins = this.random() < 0.5;
      this.shootOut(match, homeWins);
      return homeWins ? first : second;
    }
    const leg1 = this.add(first, second, dayOffsets[0]!, 0, round, stage);
    const leg2 = this.add(second, first, dayOffsets[1]!, 1, round, stage);
    const diff = leg2.home_goals! + leg1.away_goals! - (leg2.away_goals! + leg1.home_goals!);
    if (diff !== 0) return diff > 0 ? second : first;
    const homeWins = this.random() < 0.5;
    this.shootOut(leg2, homeWins);
    return homeWins ? second : first;
  }
}

function tableOrder(league: DemoLeague, clubs: readonly ClubState[], fixtures: readonly FixturesRow[]): ClubState[] {
  const byId = new Map(clubs.map((c) => [c.teamId, c]));
  const table = computeTable(
    clubs.map((c) => ({ teamId: c.teamId, name: c.name, group: null })),
    fixtures
      .filter((f) => f.status === 'finished')
      .map((f) => ({
        homeTeamId: f.home_team_id,
        awayTeamId: f.away_team_id,
        homeGoals: f.home_goals!,
        awayGoals: f.away_goals!,
        kickoff: epoch(f.kickoff_at),
        round: f.round,
      })),
    league.rules.tiebreak,
  );
  return table.map((row) => byId.get(row.teamId)!);
}

/** Regular season (or league phase) of one league-season, then its knockouts when the whole season is over. */
function buildSeason(builder: SeasonBuilder, league: DemoLeague, clubs: ClubState[], random: Random, shift: number): void {
  const order = league.rules.format === 'league-phase' ? shuffle(random, [...clubs]) : clubs;
  const rounds = league.rules.format === 'league-phase' ? leaguePhase(order.length) : doubleRoundRobin(order.length);
  const middle = Math.floor(rounds.length / 2);
  const roundName = league.rules.format === 'league-phase' ? 'League Stage' : 'Regular Season';
  const stage = league.rules.format === 'league-phase' ? 'league-phase' : 'regular';
  let lastDay = Number.NEGATIVE_INFINITY;
  rounds.forEach((pairs, r) => {
    pairs.forEach(([h, a], m) => {
      const day = shift + league.spacing * (r - middle) + league.phase + (m % league.spread);
      lastDay = Math.max(lastDay, day);
      builder.add(order[h]!, order[a]!, day, m, `${roundName} - ${r + 1}`, stage);
    });
  });
  if (league.knockouts === 'none' || lastDay >= 0) return;
  const table = tableOrder(league, clubs, builder.rows.fixtures);
  if (league.knockouts === 'isl') {
    if (lastDay + 18 >= 0 || table.length < 6) return;
    const third = builder.tie(table[2]!, table[5]!, 1, [lastDay + 4], 'Play-offs', 'playoff');
    const fourth = builder.tie(table[3]!, table[4]!, 1, [lastDay + 4], 'Play-offs', 'playoff');
    const semi1 = builder.tie(fourth, table[0]!, 2, [lastDay + 8, lastDay + 12], 'Semi-finals', 'knockout');
    const semi2 = builder.tie(third, table[1]!, 2, [lastDay + 8, lastDay + 12], 'Semi-finals', 'knockout');
    const [host, visitor] = table.indexOf(semi1) < table.indexOf(semi2) ? [semi1, semi2] : [semi2, semi1];
    builder.tie(host, visitor, 1, [lastDay + 18], 'Final', 'knockout');
    return;
  }
  // Champions League: 9-24 play off for the last eight places of the round of 16.
  if (lastDay + 98 >= 0 || table.length < 24) return;
  const playoffWinners = Array.from({ length: 8 }, (_, k) =>
    builder.tie(table[23 - k]!, table[8 + k]!, 2, [lastDay + 7, lastDay + 14], 'Knockout Round Play-offs', 'playoff'),
  );
  let alive = Array.from({ length: 8 }, (_, k) =>
    builder.tie(playoffWinners[7 - k]!, table[k]!, 2, [lastDay + 28, lastDay + 35], 'Round of 16', 'knockout'),
  );
  for (const [name, days] of [
    ['Quarter-finals', [lastDay + 49, lastDay + 56]],
    ['Semi-finals', [lastDay + 70, lastDay + 77]],
  ] as const) {
    const next: ClubState[] = [];
    for (let k = 0; k < alive.length; k += 2) next.push(builder.tie(alive[k]!, alive[k + 1]!, 2, [...days], name, 'knockout'));
    alive = next;
  }
  const neutralVenue = clubs.find((c) => c !== alive[0] && c !== alive[1])!.venueId;
  builder.tie(alive[0]!, alive[1]!, 1, [lastDay + 98], 'Final', 'knockout', { venueId: neutralVenue, neutral: true });
}

/** Generates leagues, clubs, squads and seasons into `db` (one transaction per league, then per league-season). */
export async function generateDataset(db: Knex, options: GenerateOptions = {}): Promise<GenerateSummary> {
  const started = Date.now();
  const today = options.today ?? new Date();
  const todayMidnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const currentSeason = options.currentSeason ?? DEMO_SEASON;
  const seasonCount = Math.max(1, options.seasons ?? 2);
  const seasons = Array.from({ length: seasonCount }, (_, i) => currentSeason - seasonCount + 1 + i);
  const leagues: DemoLeague[] = [
    ...DEMO_LEAGUES,
    ...syntheticLeagues(options.extraLeagues ?? 0, options.clubsPerExtraLeague ?? 20, POOL_COUNTRIES),
  ];
  const summary: GenerateSummary = {
    leagues: leagues.length,
    seasons: seasonCount,
    teams: 0,
    players: 0,
    fixtures: 0,
    finishedFixtures: 0,
    teamStatRows: 0,
    playerStatRows: 0,
    milliseconds: 0,
  };
  const clubsOf = new Map<number, ClubState[]>();

  // Leagues, seasons, clubs, venues, players and squads.
  for (const league of leagues) {
    const random = prng(league.id * 7919 + 17);
    await db.transaction(async (trx) => {
      await insertLeague(trx, {
        id: league.id,
        name: league.name,
        display_name: league.displayName,
        country: league.country,
        logo: null,
        colour: league.colour,
        type: league.type,
        current_season: currentSeason,
      });
      await insertSeasons(trx, league.id, seasons, () => league.rules);
      let venueId = await nextId(trx, 'venues');
      let teamId = await nextId(trx, 'teams');
      let playerId = await nextId(trx, 'players');
      const venues: VenuesRow[] = [];
      const teams: TeamsRow[] = [];
      const players: PlayersRow[] = [];
      const squads: SquadMembersRow[] = [];
      const clubs: ClubState[] = [];
      for (const club of league.clubs) {
        const strength = random();
        venues.push({ id: venueId, name: club.venue, city: club.city, country: club.country, capacity: club.capacity });
        teams.push({
          id: teamId,
          name: club.name,
          short_name: club.code,
          code: club.code,
          logo: null,
          country: club.country,
          venue_id: venueId,
          founded: int(random, 1878, 1990),
        });
        const made = makeSquad(random, club, strength, playerId, currentSeason);
        players.push(...made.players);
        playerId += made.players.length;
        const outfieldNumbers = shuffle(
          random,
          Array.from({ length: 40 }, (_, i) => i + 2).filter((n) => n !== 13 && n !== 25),
        );
        let keeperNumber = 0;
        const shirts = made.squad.map((entry) =>
          entry.position === 'Goalkeeper' ? ([1, 13, 25][keeperNumber++] ?? 31) : outfieldNumbers.pop()!,
        );
        for (const year of seasons) {
          made.squad.forEach((entry, k) => {
            const base = { Goalkeeper: 40, Defender: 40, Midfielder: 45, Attacker: 55 }[entry.position];
            squads.push({
              team_id: teamId,
              season: year,
              player_id: entry.playerId,
              position: entry.position,
              shirt_number: shirts[k] ?? null,
              price: base + Math.round(entry.quality * 70),
              ownership: Math.round(entry.quality ** 3 * 600) / 10,
            });
          });
        }
        clubs.push({ teamId, venueId, name: club.name, baseStrength: strength, squad: made.squad });
        venueId += 1;
        teamId += 1;
      }
      await insertRows(trx, 'venues', venues);
      await insertRows(trx, 'teams', teams);
      await insertRows(trx, 'players', players);
      await insertSearchTerms(trx, [
        ...searchTermRows('league', [{ id: league.id, names: [league.displayName, league.name] }]),
        ...searchTermRows(
          'team',
          teams.map((team) => ({ id: team.id, names: [team.name] })),
        ),
        ...searchTermRows('player', players.map(playerNames)),
      ]);
      await insertRows(trx, 'squad_members', squads);
      summary.teams += teams.length;
      summary.players += players.length;
      if (league.guests) {
        const host = clubsOf.get(league.guests.leagueId) ?? [];
        clubs.push(...[...host].sort((a, b) => b.baseStrength - a.baseStrength).slice(0, league.guests.count));
      }
      clubsOf.set(league.id, clubs);
    });
  }

  // Seasons: fixtures, team and player statistics.
  const total = leagues.length * seasons.length;
  let done = 0;
  for (const league of leagues) {
    const clubs = clubsOf.get(league.id)!;
    // the league's results of the seasons generated so far: the demo book rates on them too
    const earlier: DemoOddsFixture[] = [];
    for (const season of seasons) {
      const random = prng(league.id * 104729 + season);
      const form = new Map(clubs.map((c) => [c.teamId, Math.min(1, Math.max(0, c.baseStrength + (random() - 0.5) * 0.2))]));
      await db.transaction(async (trx) => {
        const builder = new SeasonBuilder(random, league, season, await nextId(trx, 'fixtures'), todayMidnight, (c) => form.get(c.teamId)!);
        buildSeason(builder, league, clubs, random, (season - currentSeason) * 364);
        await insertRows(trx, 'fixtures', builder.rows.fixtures);
        await insertRows(trx, 'fixture_team_stats', builder.rows.teamStats);
        await insertRows(trx, 'fixture_player_stats', builder.rows.playerStats);
        await insertRows(
          trx,
          'fixture_odds',
          demoOdds(builder.rows.fixtures, (teamId) => form.get(teamId)!, earlier),
        );
        earlier.push(...builder.rows.fixtures.filter((f) => f.status === 'finished'));
        summary.fixtures += builder.rows.fixtures.length;
        summary.finishedFixtures += builder.rows.fixtures.filter((f) => f.status === 'finished').length;
        summary.teamStatRows += builder.rows.teamStats.length;
        summary.playerStatRows += builder.rows.playerStats.length;
      });
      done += 1;
      options.onProgress?.({ league: league.displayName, season, done, total });
    }
  }
  summary.milliseconds = Date.now() - started;
  return summary;
}

export async function isEmpty(db: Knex): Promise<boolean> {
  const [leagues] = await db('leagues').count({ n: '*' });
  const [meta] = await db('dataset_meta').count({ n: '*' });
  return Number(leagues?.n) === 0 && Number(meta?.n) === 0;
}

/** Marks the database as demo data anchored on `today` (what `moveDemoToToday` and the "Demo data" badge read). */
export async function markDemo(db: Knex, today: Date): Promise<void> {
  await markDemoDataset(db, utcDateString(today));
}

/** The embedded default: the three demo leagues, the current and the previous season, in one transaction. */
export async function seedDemo(db: Knex, today: Date = new Date(), options: GenerateOptions = {}): Promise<'seeded' | 'skipped'> {
  if (!(await isEmpty(db))) return 'skipped';
  await db.transaction(async (trx) => {
    await generateDataset(trx, { ...options, today });
    await markDemo(trx, today);
  });
  return 'seeded';
}

/** Keeps demo fixtures around the current date: shifts every kick-off by the days since the last anchor. */
export async function moveDemoToToday(db: Knex, today: Date = new Date()): Promise<number> {
  const meta = await db('dataset_meta').select('key', 'value');
  const source = meta.find((m) => m.key === 'source')?.value;
  const anchor = meta.find((m) => m.key === 'anchor_date')?.value;
  if (source !== 'demo' || !anchor) return 0;
  const shift = daysBetween(anchor, utcDateString(today));
  if (shift === 0) return 0;
  await db.transaction(async (trx) => {
    await shiftKickoffs(trx, shift);
    await setDatasetMeta(trx, 'anchor_date', utcDateString(today));
  });
  return shift;
}
