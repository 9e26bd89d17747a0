import { catalogueLeague, seasonName, seasonRules } from '@matchday/contracts';
import { toDate, toSqlDateTime, type Knex } from '@matchday/server';
import { curatedKeys, findCuratedClub } from './aliases';
import type {
  ImportedAdjustment,
  ImportedLeague,
  ImportedMatch,
  ImportedOdds,
  ImportedPlayer,
  ImportedPlayerMatch,
  ImportedSquadMember,
  ImportedTeam,
  ImportedTeamStats,
  ImportedVenue,
  RecordOrigin,
  RowProblem,
  SourceName,
} from './model';
import { normalizeTeamName } from './names';
import { indexNames, playerNames } from '../modules/search/terms';

/**
 * The one place that writes imported records. Every save runs in one transaction, finds what is
 * already stored (fixtures by external id or by league + season + teams + kick-off within 36 hours,
 * teams by normalised alias, players by external id), merges field by field (a value a source does
 * not have never erases one another source gave) and writes only what changed: re-running an import
 * creates and updates nothing.
 */

export interface SaveSummary {
  created: number;
  updated: number;
  unchanged: number;
  /** Records not stored, each with the reason. */
  problems: RowProblem[];
  playersCreated: number;
  playersUpdated: number;
}

export interface SaveOptions {
  /** Called as records are processed (done of total). */
  onProgress?: (done: number, total: number) => void;
}

/**
 * When two sources disagree about a fixture (e.g. a kick-off half an hour apart), the higher-ranked one
 * wins whatever the import order; a lower-ranked source only fills what is still empty.
 */
export const SOURCE_RANK: Readonly<Record<SourceName, number>> = {
  'api-football': 6,
  'football-data-co-uk': 5,
  fpl: 4,
  openfootball: 3,
  'results-csv': 2,
  adjustments: 1,
  demo: 0,
};

/** Same match when the kick-offs of two sources are at most this far apart. */
export const SAME_MATCH_WINDOW_MS = 36 * 3_600_000;
const BATCH = 500;

type Row = Record<string, unknown>;

function emptySummary(): SaveSummary {
  return { created: 0, updated: 0, unchanged: 0, problems: [], playersCreated: 0, playersUpdated: 0 };
}

function problemAt(origin: RecordOrigin | undefined, fallback: string, message: string): RowProblem {
  return { file: origin?.file ?? fallback, line: origin?.line ?? 0, message };
}

function chunks<T>(items: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function insertBatched(trx: Knex.Transaction, table: string, rows: Row[]): Promise<void> {
  for (const part of chunks(rows)) await trx(table).insert(part);
}

/** Column comparison that ignores how SQLite and MySQL hand values back (0/1 vs booleans, float rounding). */
function sameValue(a: unknown, b: unknown): boolean {
  const left = a === undefined ? null : a;
  const right = b === undefined ? null : b;
  if (left === null || right === null) return left === right;
  if (typeof left === 'boolean' || typeof right === 'boolean') return Number(left) === Number(right);
  if (typeof left === 'number' || typeof right === 'number') {
    const x = Number(left);
    const y = Number(right);
    return Math.abs(x - y) <= Math.max(Math.abs(x), Math.abs(y)) * 1e-6 + 0.005;
  }
  return String(left) === String(right);
}

/** Columns of `next` whose value differs from `current` (undefined/null in `next` = "source has no value", kept). */
function changedColumns(current: Row, next: Row): Row {
  const changes: Row = {};
  for (const [column, value] of Object.entries(next)) {
    if (value === null || value === undefined) continue;
    if (!sameValue(current[column], value)) changes[column] = value;
  }
  return changes;
}

function isEmptyObject(row: Row): boolean {
  return Object.keys(row).length === 0;
}

// ---------------------------------------------------------------------------------------------------
// Dataset ownership: demo rows and imported rows never mix.

const FOOTBALL_TABLES_IN_DELETE_ORDER = [
  'search_terms',
  'external_ids',
  'standings_adjustments',
  'fixture_odds',
  'fixture_player_stats',
  'fixture_team_stats',
  'squad_members',
  'fixtures',
  'team_aliases',
  'players',
  'seasons',
  'teams',
  'venues',
  'leagues',
] as const;

/**
 * Marks the database as holding imported data. When it holds the demo season, every football row is
 * removed first, so fictional and real clubs never meet.
 */
export async function claimForImport(trx: Knex.Transaction): Promise<'claimed' | 'removed-demo' | 'already'> {
  const source = (await trx('dataset_meta').where({ key: 'source' }).first('value')) as { value: string } | undefined;
  if (source?.value === 'import') return 'already';
  if (source?.value === 'demo') {
    for (const table of FOOTBALL_TABLES_IN_DELETE_ORDER) await trx(table).delete();
    await trx('dataset_meta').delete();
    await trx('dataset_meta').insert({ key: 'source', value: 'import' });
    return 'removed-demo';
  }
  if (source) await trx('dataset_meta').where({ key: 'source' }).update({ value: 'import' });
  else await trx('dataset_meta').insert({ key: 'source', value: 'import' });
  return 'claimed';
}

// ---------------------------------------------------------------------------------------------------
// Leagues and seasons

/** Creates the league (known metadata or the source's) and raises its current season; false when unknown. */
export async function ensureLeague(trx: Knex.Transaction, leagueId: number, season: number, info?: ImportedLeague): Promise<boolean> {
  const existing = (await trx('leagues').where({ id: leagueId }).first('id', 'current_season')) as
    { id: number; current_season: number } | undefined;
  if (existing) {
    if (Number(existing.current_season) < season) await trx('leagues').where({ id: leagueId }).update({ current_season: season });
    return true;
  }
  const known = catalogueLeague(leagueId);
  if (!known && !info) return false;
  await trx('leagues').insert({
    id: leagueId,
    name: known?.name ?? info!.name,
    display_name: known?.displayName ?? info!.name,
    country: known?.country ?? info!.country,
    logo: info?.logo ?? null,
    colour: known?.colour ?? null,
    type: known?.type ?? info?.type ?? 'league',
    current_season: season,
  });
  await indexNames(trx, 'league', [{ id: leagueId, names: [known?.displayName ?? info!.name, known?.name ?? info!.name] }]);
  return true;
}

/** Creates the season row with its format, tie-breaking rule and zones (an existing row is left alone). */
export async function ensureSeason(trx: Knex.Transaction, leagueId: number, year: number): Promise<void> {
  const existing = await trx('seasons').where({ league_id: leagueId, year }).first('year');
  if (existing) return;
  const rules = seasonRules(leagueId, year);
  await trx('seasons').insert({
    league_id: leagueId,
    year,
    name: seasonName(year),
    format: rules.format,
    tiebreak: rules.tiebreak,
    zones: JSON.stringify(rules.zones),
  });
}

/** ensureLeague + ensureSeason for every distinct (league, season); returns the pairs whose league is unknown. */
async function ensureLeagueSeasons(
  trx: Knex.Transaction,
  pairs: Array<{ leagueId: number; season: number; league?: ImportedLeague | undefined }>,
): Promise<Set<number>> {
  const unknown = new Set<number>();
  const done = new Set<string>();
  for (const pair of pairs) {
    const key = `${pair.leagueId}|${pair.season}`;
    if (done.has(key)) continue;
    done.add(key);
    if (!(await ensureLeague(trx, pair.leagueId, pair.season, pair.league))) {
      unknown.add(pair.leagueId);
      continue;
    }
    await ensureSeason(trx, pair.leagueId, pair.season);
  }
  return unknown;
}

// ---------------------------------------------------------------------------------------------------
// Venues and teams

class VenueResolver {
  private readonly ids = new Map<string, number>();
  constructor(private readonly trx: Knex.Transaction) {}

  async resolve(venue: ImportedVenue | null | undefined): Promise<number | null> {
    const name = venue?.name?.trim();
    if (!venue || !name) return null;
    const city = venue.city?.trim() ?? '';
    const key = `${name.toLowerCase()}\u0000${city.toLowerCase()}`;
    const cached = this.ids.get(key);
    if (cached !== undefined) return cached;
    const row = (await this.trx('venues').where({ name, city }).first('id', 'country', 'capacity')) as
      { id: number; country: string | null; capacity: number | null } | undefined;
    let id: number;
    if (row) {
      id = Number(row.id);
      const changes = changedColumns(row, { country: venue.country ?? null, capacity: venue.capacity ?? null });
      if (!isEmptyObject(changes)) await this.trx('venues').where({ id }).update(changes);
    } else {
      const [inserted] = await this.trx('venues').insert({ name, city, country: venue.country ?? null, capacity: venue.capacity ?? null });
      id = Number(inserted);
    }
    this.ids.set(key, id);
    return id;
  }
}

interface TeamRow {
  id: number;
  name: string;
  short_name: string | null;
  code: string | null;
  logo: string | null;
  country: string | null;
  venue_id: number | null;
}

/**
 * Team-name reconciliation. A spelling is normalised (names.ts) and looked up in `team_aliases`;
 * a spelling of a curated club (aliases.ts) finds the team under any of the club's other spellings;
 * an unknown club becomes a new team with its alias. Missing details (short name, logo, venue) are
 * filled from whichever source has them.
 */
export class TeamResolver {
  private readonly teams = new Map<number, TeamRow>();
  private readonly externalIds = new Set<string>();
  /** Team objects already resolved (parsers reuse one object per team). */
  private readonly bySpelling = new WeakMap<ImportedTeam, number>();

  private constructor(
    private readonly trx: Knex.Transaction,
    private readonly aliases: Map<string, number>,
    private readonly venues: VenueResolver,
  ) {}

  static async load(trx: Knex.Transaction, venues = new VenueResolver(trx)): Promise<TeamResolver> {
    const rows = (await trx('team_aliases').select('alias', 'team_id')) as Array<{ alias: string; team_id: number }>;
    return new TeamResolver(trx, new Map(rows.map((r) => [r.alias, Number(r.team_id)])), venues);
  }

  async resolve(team: ImportedTeam, source?: SourceName): Promise<number> {
    // Fast path: a spelling already resolved in this save, with no new details to record.
    const known = this.bySpelling.get(team);
    if (known !== undefined) return known;
    const id = await this.resolveSpelling(team, source);
    this.bySpelling.set(team, id);
    return id;
  }

  private async resolveSpelling(team: ImportedTeam, source?: SourceName): Promise<number> {
    const key = normalizeTeamName(team.name);
    if (!key) throw new Error(`Team name "${team.name}" is empty`);
    const curated = findCuratedClub(team.name);
    const keys = [key, ...(curated ? curatedKeys(curated) : [])];
    let id = keys.map((k) => this.aliases.get(k)).find((v) => v !== undefined);
    if (id === undefined) {
      const name = curated?.name ?? team.name.trim();
      const existing = (await this.trx('teams').where({ name }).first('id')) as { id: number } | undefined;
      if (existing) {
        id = Number(existing.id);
      } else {
        const [inserted] = await this.trx('teams').insert({
          name,
          short_name: team.shortName ?? null,
          code: team.code ?? null,
          logo: team.logo ?? null,
          country: curated?.country ?? team.country ?? null,
          venue_id: await this.venues.resolve(team.venue),
        });
        id = Number(inserted);
        await indexNames(this.trx, 'team', [{ id, names: [name] }]);
      }
    }
    const missing = [...new Set(keys)].filter((k) => !this.aliases.has(k));
    if (missing.length > 0) {
      await this.trx('team_aliases').insert(missing.map((alias) => ({ alias, team_id: id })));
      for (const alias of missing) this.aliases.set(alias, id);
    }
    await this.fillDetails(id, team);
    if (source && team.externalId) await this.rememberExternalId(id, source, team.externalId);
    return id;
  }

  private async fillDetails(id: number, team: ImportedTeam): Promise<void> {
    let row = this.teams.get(id);
    if (!row) {
      row = (await this.trx('teams').where({ id }).first('id', 'name', 'short_name', 'code', 'logo', 'country', 'venue_id')) as TeamRow;
      this.teams.set(id, row);
    }
    const changes: Row = {};
    if (!row.short_name && team.shortName) changes.short_name = team.shortName;
    if (!row.code && team.code) changes.code = team.code;
    if (!row.logo && team.logo) changes.logo = team.logo;
    if (!row.country && team.country) changes.country = team.country;
    if (!row.venue_id && team.venue) changes.venue_id = await this.venues.resolve(team.venue);
    if (!isEmptyObject(changes)) {
      await this.trx('teams').where({ id }).update(changes);
      Object.assign(row, changes);
    }
  }

  private async rememberExternalId(id: number, source: SourceName, externalId: string): Promise<void> {
    const key = `${source}\u0000${externalId}`;
    if (this.externalIds.has(key)) return;
    this.externalIds.add(key);
    const existing = await this.trx('external_ids').where({ entity: 'team', source, external_id: externalId }).first('entity_id');
    if (!existing) await this.trx('external_ids').insert({ entity: 'team', source, external_id: externalId, entity_id: id });
  }
}

/** Resolves (creating when new) one team outside a larger save. */
export async function resolveTeam(db: Knex, team: ImportedTeam, source?: SourceName): Promise<number> {
  return db.transaction(async (trx) => (await TeamResolver.load(trx)).resolve(team, source));
}

// ---------------------------------------------------------------------------------------------------
// Fixtures

const FIXTURE_COLUMNS = [
  'league_id',
  'season',
  'round',
  'kickoff_at',
  'status',
  'home_team_id',
  'away_team_id',
  'home_goals',
  'away_goals',
  'venue_id',
  'stage',
  'group_name',
  'home_goals_ht',
  'away_goals_ht',
  'home_goals_et',
  'away_goals_et',
  'home_penalties',
  'away_penalties',
  'referee',
] as const;

interface StoredFixture {
  id: number;
  row: Row;
  kickoffMs: number;
}

function fixtureFromDb(row: Row): StoredFixture {
  const kickoff = toDate(row.kickoff_at)!;
  const clean: Row = {};
  for (const column of FIXTURE_COLUMNS) clean[column] = row[column] ?? null;
  clean.kickoff_at = toSqlDateTime(kickoff);
  return { id: Number(row.id), row: clean, kickoffMs: kickoff.getTime() };
}

function pairKey(leagueId: number, season: number, home: number, away: number): string {
  return `${leagueId}|${season}|${home}|${away}`;
}

/** Fixtures of some (league, season) pairs, findable by external id or by teams and kick-off. */
class FixtureIndex {
  private readonly byId = new Map<number, StoredFixture>();
  private readonly byPair = new Map<string, StoredFixture[]>();
  private readonly external = new Map<string, number>();
  /** Sources that have each fixture (from external_ids). */
  private readonly linked = new Map<number, Set<string>>();
  private readonly loadedSeasons = new Set<string>();
  private readonly loadedSources = new Set<string>();

  constructor(private readonly trx: Knex.Transaction) {}

  async loadSeasons(pairs: Iterable<{ leagueId: number; season: number }>): Promise<void> {
    const wanted = [...pairs].filter((p) => !this.loadedSeasons.has(`${p.leagueId}|${p.season}`));
    for (const p of wanted) {
      const key = `${p.leagueId}|${p.season}`;
      if (this.loadedSeasons.has(key)) continue;
      this.loadedSeasons.add(key);
      const rows = (await this.trx('fixtures')
        .where({ league_id: p.leagueId, season: p.season })
        .select('id', ...FIXTURE_COLUMNS)) as Row[];
      for (const row of rows) this.add(fixtureFromDb(row));
      await this.loadLinks(rows.map((r) => Number(r.id)));
    }
  }

  private async loadLinks(ids: number[]): Promise<void> {
    for (const part of chunks(ids)) {
      const links = (await this.trx('external_ids')
        .where({ entity: 'fixture' })
        .whereIn('entity_id', part)
        .select('entity_id', 'source')) as Array<{ entity_id: number; source: string }>;
      for (const link of links) this.link(Number(link.entity_id), link.source);
    }
  }

  private link(fixtureId: number, source: string): void {
    const set = this.linked.get(fixtureId) ?? new Set<string>();
    set.add(source);
    this.linked.set(fixtureId, set);
  }

  /** True when a source ranked above `source` also has this fixture. */
  outranked(fixtureId: number, source: SourceName): boolean {
    return [...(this.linked.get(fixtureId) ?? [])].some((other) => (SOURCE_RANK[other as SourceName] ?? 0) > SOURCE_RANK[source]);
  }

  async loadSources(sources: Iterable<string>): Promise<void> {
    for (const source of sources) {
      if (this.loadedSources.has(source)) continue;
      this.loadedSources.add(source);
      const rows = (await this.trx('external_ids').where({ entity: 'fixture', source }).select('external_id', 'entity_id')) as Array<{
        external_id: string;
        entity_id: number;
      }>;
      for (const row of rows) this.external.set(`${source}\u0000${row.external_id}`, Number(row.entity_id));
    }
  }

  add(fixture: StoredFixture): void {
    const existing = this.byId.get(fixture.id);
    if (existing) {
      const list = this.byPair.get(this.keyOf(existing));
      if (list) list.splice(list.indexOf(existing), 1);
    }
    this.byId.set(fixture.id, fixture);
    const key = this.keyOf(fixture);
    const list = this.byPair.get(key) ?? [];
    list.push(fixture);
    this.byPair.set(key, list);
  }

  private keyOf(fixture: StoredFixture): string {
    const r = fixture.row;
    return pairKey(Number(r.league_id), Number(r.season), Number(r.home_team_id), Number(r.away_team_id));
  }

  hasExternal(source: string, externalId: string): boolean {
    return this.external.has(`${source}\u0000${externalId}`);
  }

  setExternal(source: string, externalId: string, fixtureId: number): void {
    this.external.set(`${source}\u0000${externalId}`, fixtureId);
    this.link(fixtureId, source);
  }

  async byExternal(source: string, externalId: string): Promise<StoredFixture | undefined> {
    const id = this.external.get(`${source}\u0000${externalId}`);
    if (id === undefined) return undefined;
    let fixture = this.byId.get(id);
    if (!fixture) {
      const row = (await this.trx('fixtures')
        .where({ id })
        .first('id', ...FIXTURE_COLUMNS)) as Row | undefined;
      if (!row) return undefined;
      fixture = fixtureFromDb(row);
      this.add(fixture);
      await this.loadLinks([id]);
    }
    return fixture;
  }

  /** The fixture of these teams in this league and season whose kick-off is closest to `kickoff`, within 36 h. */
  byTeams(leagueId: number, season: number, home: number, away: number, kickoff: Date): StoredFixture | undefined {
    let best: StoredFixture | undefined;
    let bestGap = Infinity;
    for (const fixture of this.byPair.get(pairKey(leagueId, season, home, away)) ?? []) {
      const gap = Math.abs(fixture.kickoffMs - kickoff.getTime());
      if (gap <= SAME_MATCH_WINDOW_MS && gap < bestGap) {
        best = fixture;
        bestGap = gap;
      }
    }
    return best;
  }
}

function scorePart(score: { home: number; away: number } | null | undefined, side: 'home' | 'away'): number | null {
  return score ? score[side] : null;
}

function fixtureRow(match: ImportedMatch, home: number, away: number, venueId: number | null): Row {
  return {
    league_id: match.leagueId,
    season: match.season,
    round: match.round ?? null,
    kickoff_at: toSqlDateTime(match.kickoffAt),
    status: match.status,
    home_team_id: home,
    away_team_id: away,
    home_goals: scorePart(match.goals, 'home'),
    away_goals: scorePart(match.goals, 'away'),
    venue_id: venueId,
    stage: match.stage,
    group_name: match.group ?? null,
    home_goals_ht: scorePart(match.halfTime, 'home'),
    away_goals_ht: scorePart(match.halfTime, 'away'),
    home_goals_et: scorePart(match.extraTime, 'home'),
    away_goals_et: scorePart(match.extraTime, 'away'),
    home_penalties: scorePart(match.penalties, 'home'),
    away_penalties: scorePart(match.penalties, 'away'),
    referee: match.referee?.trim() || null,
  };
}

/**
 * What to write over a stored fixture: the source's values, except that "no value" keeps the stored
 * one and that a source outranked by another source of the same fixture only fills empty columns.
 */
function fixtureChanges(stored: Row, next: Row, outranked: boolean): Row {
  const incoming: Row = { ...next };
  if (outranked) {
    for (const column of Object.keys(incoming)) {
      if (column !== 'status' && stored[column] !== null && stored[column] !== undefined) delete incoming[column];
    }
    // The status follows the score it brings; otherwise the higher-ranked source's status stays.
    if (incoming.home_goals === undefined || incoming.home_goals === null) delete incoming.status;
  }
  // A source that only knows the schedule does not turn a finished match back into a scheduled one.
  if (
    stored.status === 'finished' &&
    incoming.status === 'scheduled' &&
    (incoming.home_goals === null || incoming.home_goals === undefined)
  )
    delete incoming.status;
  const changes = changedColumns(stored, incoming);
  if (changes.kickoff_at !== undefined && toDate(stored.kickoff_at)?.getTime() === toDate(changes.kickoff_at)?.getTime()) {
    delete changes.kickoff_at;
  }
  return changes;
}

function validateMatch(match: ImportedMatch): string | null {
  if (!match.externalId) return 'match has no external id';
  if (!Number.isInteger(match.leagueId) || match.leagueId <= 0) return `bad league id ${match.leagueId}`;
  if (!Number.isInteger(match.season) || match.season < 1850 || match.season > 2200) return `bad season ${match.season}`;
  if (!(match.kickoffAt instanceof Date) || Number.isNaN(match.kickoffAt.getTime())) return 'bad kick-off time';
  if (!match.home?.name?.trim() || !match.away?.name?.trim()) return 'missing team name';
  for (const score of [match.goals, match.halfTime, match.extraTime, match.penalties]) {
    if (score && !(Number.isInteger(score.home) && Number.isInteger(score.away) && score.home >= 0 && score.away >= 0)) {
      return 'bad score';
    }
  }
  return null;
}

const TEAM_STAT_COLUMNS: Record<keyof ImportedTeamStats, string> = {
  totalShots: 'total_shots',
  shotsOnTarget: 'shots_on_target',
  blockedShots: 'blocked_shots',
  shotsInsideBox: 'shots_inside_box',
  shotsOutsideBox: 'shots_outside_box',
  ballPossession: 'ball_possession',
  totalPasses: 'total_passes',
  passesAccurate: 'passes_accurate',
  passesPercent: 'passes_percent',
  goalkeeperSaves: 'goalkeeper_saves',
  fouls: 'fouls',
  offsides: 'offsides',
  yellowCards: 'yellow_cards',
  redCards: 'red_cards',
  cornerKicks: 'corner_kicks',
};

function teamStatsRow(stats: ImportedTeamStats): Row {
  const row: Row = {};
  for (const [key, column] of Object.entries(TEAM_STAT_COLUMNS)) row[column] = stats[key as keyof ImportedTeamStats] ?? null;
  return row;
}

function oddsRow(odds: ImportedOdds): Row {
  return {
    home: odds.home ?? null,
    draw: odds.draw ?? null,
    away: odds.away ?? null,
    over_2_5: odds.over25 ?? null,
    under_2_5: odds.under25 ?? null,
    asian_handicap_line: odds.asianHandicapLine ?? null,
    asian_handicap_home: odds.asianHandicapHome ?? null,
    asian_handicap_away: odds.asianHandicapAway ?? null,
  };
}

/**
 * Upserts keyed child rows (team stats, odds, player stats): loads what the fixtures already have,
 * inserts the new keys in batches, updates changed columns. Returns the fixture ids that changed.
 */
async function upsertChildren(
  trx: Knex.Transaction,
  table: string,
  keyColumns: readonly string[],
  rows: Row[],
  counts?: { created: number; updated: number; unchanged: number },
): Promise<Set<number>> {
  const changedFixtures = new Set<number>();
  if (rows.length === 0) return changedFixtures;
  const keyOf = (row: Row) => keyColumns.map((c) => String(Number(row[c]) || row[c])).join('|');
  const existing = new Map<string, Row>();
  const fixtureIds = [...new Set(rows.map((r) => Number(r.fixture_id)))];
  for (const part of chunks(fixtureIds)) {
    const stored = (await trx(table).whereIn('fixture_id', part).select('*')) as Row[];
    for (const row of stored) existing.set(keyOf(row), row);
  }
  const inserts: Row[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const key = keyOf(row);
    if (seen.has(key)) continue;
    seen.add(key);
    const current = existing.get(key);
    if (!current) {
      inserts.push(row);
      changedFixtures.add(Number(row.fixture_id));
      if (counts) counts.created += 1;
      continue;
    }
    const changes = changedColumns(current, row);
    if (isEmptyObject(changes)) {
      if (counts) counts.unchanged += 1;
      continue;
    }
    const where: Row = {};
    for (const column of keyColumns) where[column] = row[column];
    await trx(table).where(where).update(changes);
    changedFixtures.add(Number(row.fixture_id));
    if (counts) counts.updated += 1;
  }
  await insertBatched(trx, table, inserts);
  return changedFixtures;
}

/**
 * Saves matches: one fixture per real match whichever sources it comes from. A match is found by its
 * (source, external id), else by league + season + home + away + kick-off within ±36 h; fields are
 * merged, team statistics and odds upserted, the (source, external id) remembered.
 */
export async function saveMatches(db: Knex, matches: readonly ImportedMatch[], options: SaveOptions = {}): Promise<SaveSummary> {
  const summary = emptySummary();
  const valid: ImportedMatch[] = [];
  for (const match of matches) {
    const problem = validateMatch(match);
    if (problem) summary.problems.push(problemAt(match.origin, match.source, problem));
    else valid.push(match);
  }
  if (valid.length === 0) return summary;

  await db.transaction(async (trx) => {
    await claimForImport(trx);
    const unknownLeagues = await ensureLeagueSeasons(trx, valid);
    const venues = new VenueResolver(trx);
    const teams = await TeamResolver.load(trx, venues);
    const index = new FixtureIndex(trx);
    await index.loadSeasons(valid);
    await index.loadSources(new Set(valid.map((m) => m.source)));

    const outcome = new Map<number, 'created' | 'updated' | 'unchanged'>();
    const newExternalIds: Row[] = [];
    const statRows: Row[] = [];
    const oddsRows: Row[] = [];
    let done = 0;
    for (const match of valid) {
      done += 1;
      options.onProgress?.(done, valid.length);
      if (unknownLeagues.has(match.leagueId)) {
        summary.problems.push(problemAt(match.origin, match.source, `unknown league ${match.leagueId} (no league details in the source)`));
        continue;
      }
      const home = await teams.resolve(match.home, match.source);
      const away = await teams.resolve(match.away, match.source);
      if (home === away) {
        summary.problems.push(problemAt(match.origin, match.source, `"${match.home.name}" and "${match.away.name}" are the same team`));
        continue;
      }
      const next = fixtureRow(match, home, away, await venues.resolve(match.venue));
      const stored =
        (await index.byExternal(match.source, match.externalId)) ??
        index.byTeams(match.leagueId, match.season, home, away, match.kickoffAt);
      let fixtureId: number;
      if (!stored) {
        const [inserted] = await trx('fixtures').insert(next);
        fixtureId = Number(inserted);
        index.add({ id: fixtureId, row: { ...next }, kickoffMs: match.kickoffAt.getTime() });
        outcome.set(fixtureId, 'created');
      } else {
        fixtureId = stored.id;
        const changes = fixtureChanges(stored.row, next, index.outranked(fixtureId, match.source));
        if (!isEmptyObject(changes)) {
          await trx('fixtures').where({ id: fixtureId }).update(changes);
          const row = { ...stored.row, ...changes };
          index.add({ id: fixtureId, row, kickoffMs: toDate(row.kickoff_at)!.getTime() });
          if (outcome.get(fixtureId) !== 'created') outcome.set(fixtureId, 'updated');
        } else if (!outcome.has(fixtureId)) {
          outcome.set(fixtureId, 'unchanged');
        }
      }
      if (!index.hasExternal(match.source, match.externalId)) {
        index.setExternal(match.source, match.externalId, fixtureId);
        newExternalIds.push({ entity: 'fixture', source: match.source, external_id: match.externalId, entity_id: fixtureId });
      }
      if (match.stats) {
        statRows.push({ fixture_id: fixtureId, team_id: home, is_home: true, ...teamStatsRow(match.stats.home) });
        statRows.push({ fixture_id: fixtureId, team_id: away, is_home: false, ...teamStatsRow(match.stats.away) });
      }
      for (const odds of match.odds ?? []) {
        oddsRows.push({ fixture_id: fixtureId, bookmaker: odds.bookmaker, timing: odds.timing, ...oddsRow(odds) });
      }
    }
    await insertBatched(trx, 'external_ids', newExternalIds);
    const changed = new Set([
      ...(await upsertChildren(trx, 'fixture_team_stats', ['fixture_id', 'team_id'], statRows)),
      ...(await upsertChildren(trx, 'fixture_odds', ['fixture_id', 'bookmaker', 'timing'], oddsRows)),
    ]);
    for (const [id, state] of outcome) {
      if (state === 'unchanged' && changed.has(id)) outcome.set(id, 'updated');
    }
    for (const state of outcome.values()) summary[state] += 1;
  });
  return summary;
}

// ---------------------------------------------------------------------------------------------------
// Players, squads and player match statistics

const PLAYER_COLUMNS = ['name', 'first_name', 'last_name', 'nationality', 'birth_date', 'birth_country', 'photo'] as const;

function playerRow(player: ImportedPlayer): Row {
  return {
    name: player.name.trim(),
    first_name: player.firstName ?? null,
    last_name: player.lastName ?? null,
    nationality: player.nationality ?? null,
    birth_date: player.birthDate ?? null,
    birth_country: player.birthCountry ?? null,
    photo: player.photo ?? null,
  };
}

function dateOnly(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

/** Players by (source, external id); new ones are created, known ones get the source's newer details. */
class PlayerResolver {
  private readonly ids = new Map<string, number>();
  private readonly rows = new Map<number, Row>();
  private readonly loaded = new Set<string>();

  constructor(
    private readonly trx: Knex.Transaction,
    private readonly summary: SaveSummary,
  ) {}

  async loadSources(sources: Iterable<string>): Promise<void> {
    for (const source of sources) {
      if (this.loaded.has(source)) continue;
      this.loaded.add(source);
      const rows = (await this.trx('external_ids as e')
        .join('players as p', 'p.id', 'e.entity_id')
        .where({ 'e.entity': 'player', 'e.source': source })
        .select('e.external_id', 'p.id', ...PLAYER_COLUMNS.map((c) => `p.${c}`))) as Row[];
      for (const row of rows) {
        const id = Number(row.id);
        this.ids.set(`${source}\u0000${String(row.external_id)}`, id);
        this.rows.set(id, { ...row, birth_date: dateOnly(row.birth_date) });
      }
    }
  }

  async resolve(player: ImportedPlayer): Promise<number> {
    const key = `${player.source}\u0000${player.externalId}`;
    const next = playerRow(player);
    const id = this.ids.get(key);
    if (id !== undefined) {
      const current = this.rows.get(id)!;
      const changes = changedColumns(current, next);
      if (!isEmptyObject(changes)) {
        await this.trx('players').where({ id }).update(changes);
        Object.assign(current, changes);
        if ('name' in changes || 'first_name' in changes || 'last_name' in changes) {
          await indexNames(this.trx, 'player', [playerNames({ ...(current as { name: string }), id })]);
        }
        this.summary.playersUpdated += 1;
      }
      return id;
    }
    const [inserted] = await this.trx('players').insert(next);
    const newId = Number(inserted);
    await indexNames(this.trx, 'player', [playerNames({ ...(next as { name: string }), id: newId })]);
    await this.trx('external_ids').insert({ entity: 'player', source: player.source, external_id: player.externalId, entity_id: newId });
    this.ids.set(key, newId);
    this.rows.set(newId, next);
    this.summary.playersCreated += 1;
    return newId;
  }
}

function validPlayer(player: ImportedPlayer | undefined): string | null {
  if (!player?.externalId) return 'player has no external id';
  if (!player.name?.trim()) return 'player has no name';
  return null;
}

/** Saves squad memberships (team, season, player) with position, shirt number and fantasy price. */
export async function saveSquad(db: Knex, members: readonly ImportedSquadMember[], options: SaveOptions = {}): Promise<SaveSummary> {
  const summary = emptySummary();
  const valid = members.filter((member) => {
    const problem = validPlayer(member.player) ?? (member.team?.name?.trim() ? null : 'missing team name');
    if (problem) summary.problems.push(problemAt(member.origin, member.player?.source ?? 'squad', problem));
    return !problem;
  });
  if (valid.length === 0) return summary;
  await db.transaction(async (trx) => {
    await claimForImport(trx);
    const unknownLeagues = await ensureLeagueSeasons(trx, valid);
    const teams = await TeamResolver.load(trx);
    const players = new PlayerResolver(trx, summary);
    await players.loadSources(new Set(valid.map((m) => m.player.source)));
    const rows = new Map<string, Row>();
    let done = 0;
    for (const member of valid) {
      done += 1;
      options.onProgress?.(done, valid.length);
      if (unknownLeagues.has(member.leagueId)) {
        summary.problems.push(problemAt(member.origin, member.player.source, `unknown league ${member.leagueId}`));
        continue;
      }
      const playerId = await players.resolve(member.player);
      const teamId = await teams.resolve(member.team, member.player.source);
      rows.set(`${teamId}|${member.season}|${playerId}`, {
        team_id: teamId,
        season: member.season,
        player_id: playerId,
        position: member.position,
        shirt_number: member.shirtNumber ?? null,
        price: member.price ?? null,
        ownership: member.ownership ?? null,
      });
    }
    const existing = new Map<string, Row>();
    const byTeamSeason = new Map<string, { team: number; season: number }>();
    for (const row of rows.values())
      byTeamSeason.set(`${row.team_id}|${row.season}`, { team: Number(row.team_id), season: Number(row.season) });
    for (const { team, season } of byTeamSeason.values()) {
      const stored = (await trx('squad_members').where({ team_id: team, season }).select('*')) as Row[];
      for (const row of stored) existing.set(`${Number(row.team_id)}|${Number(row.season)}|${Number(row.player_id)}`, row);
    }
    const inserts: Row[] = [];
    for (const [key, row] of rows) {
      const current = existing.get(key);
      if (!current) {
        inserts.push(row);
        summary.created += 1;
        continue;
      }
      const changes = changedColumns(current, row);
      if (isEmptyObject(changes)) {
        summary.unchanged += 1;
      } else {
        await trx('squad_members').where({ team_id: row.team_id, season: row.season, player_id: row.player_id }).update(changes);
        summary.updated += 1;
      }
    }
    await insertBatched(trx, 'squad_members', inserts);
  });
  return summary;
}

function playerMatchRow(line: ImportedPlayerMatch, fixtureId: number, playerId: number, teamId: number): Row {
  return {
    fixture_id: fixtureId,
    player_id: playerId,
    team_id: teamId,
    position: line.position ?? null,
    started: line.started ?? false,
    subbed_in: line.subbedIn ?? false,
    subbed_out: line.subbedOut ?? false,
    minutes: line.minutes,
    rating: line.rating ?? null,
    goals: line.goals ?? null,
    assists: line.assists ?? null,
    goals_conceded: line.goalsConceded ?? null,
    saves: line.saves ?? null,
    passes_total: line.passesTotal ?? null,
    passes_key: line.passesKey ?? null,
    passes_accuracy: line.passesAccuracy ?? null,
    tackles_total: line.tacklesTotal ?? null,
    tackles_blocks: line.tacklesBlocks ?? null,
    tackles_interceptions: line.tacklesInterceptions ?? null,
    duels_total: line.duelsTotal ?? null,
    duels_won: line.duelsWon ?? null,
    fouls_drawn: line.foulsDrawn ?? null,
    fouls_committed: line.foulsCommitted ?? null,
    yellow_cards: line.yellowCards ?? null,
    red_cards: line.redCards ?? null,
  };
}

/**
 * Saves per-player per-match lines (fixture_player_stats). The fixture is found by the match's
 * (source, external id) or by league + season + teams + kick-off; a line whose fixture is not stored
 * yet, or whose team did not play in it, is reported and skipped.
 */
export async function savePlayerMatches(db: Knex, lines: readonly ImportedPlayerMatch[], options: SaveOptions = {}): Promise<SaveSummary> {
  const summary = emptySummary();
  const valid = lines.filter((line) => {
    const problem =
      validPlayer(line.player) ??
      (Number.isInteger(line.minutes) && line.minutes >= 0 ? null : `bad minutes "${String(line.minutes)}"`) ??
      (line.team?.name?.trim() ? null : 'missing team name');
    if (problem) summary.problems.push(problemAt(line.origin, line.player?.source ?? 'player-match', problem));
    return !problem;
  });
  if (valid.length === 0) return summary;
  await db.transaction(async (trx) => {
    await claimForImport(trx);
    const teams = await TeamResolver.load(trx);
    const players = new PlayerResolver(trx, summary);
    await players.loadSources(new Set(valid.map((l) => l.player.source)));
    const index = new FixtureIndex(trx);
    const sources = new Set<string>();
    const seasons = new Map<string, { leagueId: number; season: number }>();
    for (const line of valid) {
      if ('externalId' in line.match) sources.add(line.match.source);
      else seasons.set(`${line.match.leagueId}|${line.match.season}`, line.match);
    }
    await index.loadSources(sources);
    await index.loadSeasons(seasons.values());

    const rows: Row[] = [];
    const keys = new Set<string>();
    let done = 0;
    for (const line of valid) {
      done += 1;
      options.onProgress?.(done, valid.length);
      const source = line.player.source;
      let fixture: StoredFixture | undefined;
      if ('externalId' in line.match) {
        fixture = await index.byExternal(line.match.source, line.match.externalId);
      } else {
        const ref = line.match;
        const home = await teams.resolve(ref.home, source);
        const away = await teams.resolve(ref.away, source);
        fixture = index.byTeams(ref.leagueId, ref.season, home, away, ref.kickoffAt);
      }
      if (!fixture) {
        summary.problems.push(problemAt(line.origin, source, 'no stored fixture for this match (import the matches first)'));
        continue;
      }
      const teamId = await teams.resolve(line.team, source);
      if (teamId !== Number(fixture.row.home_team_id) && teamId !== Number(fixture.row.away_team_id)) {
        summary.problems.push(problemAt(line.origin, source, `team "${line.team.name}" did not play in fixture ${fixture.id}`));
        continue;
      }
      const playerId = await players.resolve(line.player);
      const key = `${fixture.id}|${playerId}`;
      if (keys.has(key)) {
        summary.problems.push(problemAt(line.origin, source, `second line for player ${line.player.name} in fixture ${fixture.id}`));
        continue;
      }
      keys.add(key);
      rows.push(playerMatchRow(line, fixture.id, playerId, teamId));
    }
    await upsertChildren(trx, 'fixture_player_stats', ['fixture_id', 'player_id'], rows, summary);
  });
  return summary;
}

// ---------------------------------------------------------------------------------------------------
// Standings adjustments

/** Saves points adjustments keyed by (league, season, team, reason); the points of a known one are updated. */
export async function saveAdjustments(
  db: Knex,
  adjustments: readonly ImportedAdjustment[],
  options: SaveOptions = {},
): Promise<SaveSummary> {
  const summary = emptySummary();
  const valid = adjustments.filter((a) => {
    const problem =
      (Number.isInteger(a.points) ? null : `bad points "${String(a.points)}"`) ??
      (a.reason?.trim() ? null : 'missing reason') ??
      (a.team?.name?.trim() ? null : 'missing team name');
    if (problem) summary.problems.push(problemAt(a.origin, 'adjustments', problem));
    return !problem;
  });
  if (valid.length === 0) return summary;
  await db.transaction(async (trx) => {
    await claimForImport(trx);
    const unknownLeagues = await ensureLeagueSeasons(trx, valid);
    const teams = await TeamResolver.load(trx);
    let done = 0;
    for (const adjustment of valid) {
      done += 1;
      options.onProgress?.(done, valid.length);
      if (unknownLeagues.has(adjustment.leagueId)) {
        summary.problems.push(problemAt(adjustment.origin, 'adjustments', `unknown league ${adjustment.leagueId}`));
        continue;
      }
      const teamId = await teams.resolve(adjustment.team, 'adjustments');
      const reason = adjustment.reason.trim().slice(0, 255);
      const key = { league_id: adjustment.leagueId, season: adjustment.season, team_id: teamId, reason };
      const current = (await trx('standings_adjustments').where(key).first('id', 'points')) as { id: number; points: number } | undefined;
      if (!current) {
        await trx('standings_adjustments').insert({ ...key, points: adjustment.points });
        summary.created += 1;
      } else if (Number(current.points) !== adjustment.points) {
        await trx('standings_adjustments').where({ id: current.id }).update({ points: adjustment.points });
        summary.updated += 1;
      } else {
        summary.unchanged += 1;
      }
    }
  });
  return summary;
}
