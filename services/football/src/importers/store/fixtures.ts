import { toDate, toSqlDateTime, type Knex } from '@matchday/server';
import type { ExternalIdsRow } from '../../db/rows';
import type { ImportedMatch, SourceName } from '../model';
import { fixtureRow, oddsRow, teamStatsRow, validateMatch } from './fixture-rows';
import { meetingsOfPairings } from './pairings';
import {
  changedColumns,
  chunks,
  emptySummary,
  insertRows,
  isEmptyObject,
  problemAt,
  upsertChildren,
  type Row,
  type SaveOptions,
  type SaveSummary,
} from './shared';
import { withImportTransaction } from './transaction';
import { saveMatchEvents } from './events';
import { matchTimeline } from '../live-clock';

/** Fixtures, their team statistics and odds. */

/** Moves every kick-off by whole days (negative: earlier), keeping the stored 'YYYY-MM-DD HH:MM:SS.SSS' form. */
export async function shiftKickoffs(trx: Knex, days: number): Promise<void> {
  if (days === 0) return;
  const expression =
    trx.client.config.client === 'mysql2'
      ? trx.raw('DATE_ADD(kickoff_at, INTERVAL ? DAY)', [days])
      : // strftime with %f keeps the 'YYYY-MM-DD HH:MM:SS.SSS' form toSqlDateTime writes (datetime() drops
        // the milliseconds, and string comparison at a day boundary would then go wrong)
        trx.raw("strftime('%Y-%m-%d %H:%M:%f', kickoff_at, ? || ' days')", [`${days >= 0 ? '+' : ''}${days}`]);
  await trx('fixtures').update({ kickoff_at: expression });
}

/**
 * When two sources disagree about a fixture (e.g. a kick-off half an hour apart), the higher-ranked one
 * wins whatever the import order; a lower-ranked source only fills what is still empty.
 */
export const SOURCE_RANK: Readonly<Record<SourceName, number>> = {
  'api-football': 6,
  'football-data-co-uk': 5,
  // football.json's schedule is kept current by its sync (importers/sync): its kick-offs win over FPL's season snapshot;
  // football-data.co.uk's files list played matches only, whose kick-offs both have right.
  'football-json': 4.5,
  fpl: 4,
  openfootball: 3,
  'results-csv': 2,
  adjustments: 1,
  demo: 0,
};

/** Same match when the kick-offs of two sources are at most this far apart. */
export const SAME_MATCH_WINDOW_MS = 36 * 3_600_000;

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
  'attendance',
  'match_number',
  'home_slot',
  'away_slot',
] as const;

export interface StoredFixture {
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
export class FixtureIndex {
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

  /** The stored fixtures of these teams in this league and season. */
  meetings(leagueId: number, season: number, home: number, away: number): readonly StoredFixture[] {
    return this.byPair.get(pairKey(leagueId, season, home, away)) ?? [];
  }

  hasExternal(source: string, externalId: string): boolean {
    return this.external.has(`${source}\u0000${externalId}`);
  }

  setExternal(source: string, externalId: string, fixtureId: number): void {
    this.external.set(`${source}\u0000${externalId}`, fixtureId);
    this.link(fixtureId, source);
  }

  /**
   * Loads at once the fixtures these (source, external id) pairs name that are not loaded yet (after loadSources),
   * so that byExternal finds them without a query each: a season of FPL lines names 380 fixtures.
   */
  async loadExternal(refs: Iterable<{ source: string; externalId: string }>): Promise<void> {
    const ids = new Set<number>();
    for (const ref of refs) {
      const id = this.external.get(`${ref.source}\u0000${ref.externalId}`);
      if (id !== undefined && !this.byId.has(id)) ids.add(id);
    }
    for (const part of chunks([...ids])) {
      const rows = (await this.trx('fixtures')
        .whereIn('id', part)
        .select('id', ...FIXTURE_COLUMNS)) as Row[];
      for (const row of rows) this.add(fixtureFromDb(row));
      await this.loadLinks(rows.map((r) => Number(r.id)));
    }
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

  /** Points (source, external id) at `fixtureId` (a repeated pairing's id follows the meeting it names now). */
  async repoint(source: string, externalId: string, fixtureId: number): Promise<void> {
    await this.trx('external_ids').where({ entity: 'fixture', source, external_id: externalId }).update({ entity_id: fixtureId });
    this.setExternal(source, externalId, fixtureId);
  }

  externalOf(source: string, externalId: string): number | undefined {
    return this.external.get(`${source}\u0000${externalId}`);
  }

  /**
   * A league match whose kick-off two sources have more than 36 h apart (one has the date it was moved to, the
   * other the one it had): the one fixture of these teams in this league's regular season that `source` has
   * not stored yet. None when there are several (a league whose teams meet twice at the same ground).
   */
  unclaimedLeagueMatch(leagueId: number, season: number, home: number, away: number, source: SourceName): StoredFixture | undefined {
    const open = (this.byPair.get(pairKey(leagueId, season, home, away)) ?? []).filter(
      (fixture) => fixture.row.stage === 'regular' && !this.linked.get(fixture.id)?.has(source),
    );
    return open.length === 1 ? open[0] : undefined;
  }
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

/**
 * A moved kick-off, or a match postponed or brought back from a postponement, is a new schedule: the fixture's
 * `schedule_seq` goes up and `schedule_changed_at` is now (migration 20261125b), so that its calendar event
 * (modules/calendar) keeps its UID, takes the next SEQUENCE and a new DTSTAMP. A score or a live status is no
 * schedule change. The demo and replay shifts (shiftKickoffs) move the whole dataset, not a match: no change.
 */
function scheduleChange(trx: Knex, stored: Row, changes: Row): Row {
  const moved = changes.kickoff_at !== undefined;
  const postponement = changes.status !== undefined && (changes.status === 'postponed') !== (stored.status === 'postponed');
  if (!moved && !postponement) return {};
  return { schedule_seq: trx.raw('schedule_seq + 1'), schedule_changed_at: Date.now() };
}

/**
 * Saves matches: one fixture per real match whichever sources it comes from. A match is found by its
 * (source, external id), else by league + season + home + away + kick-off within ±36 h, else (a league match
 * moved further) as the one regular-season fixture of these teams that the source has not stored yet; fields are
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

  await withImportTransaction(db, valid, async ({ trx, teams, venues, unknownLeagues }) => {
    const index = new FixtureIndex(trx);
    await index.loadSeasons(valid);
    await index.loadSources(new Set(valid.map((m) => m.source)));

    // meetings of a repeated pairing are found by pairing and kick-off, all together (the file's order is no clue)
    const meetings = await meetingsOfPairings(index, teams, valid, unknownLeagues);

    const outcome = new Map<number, 'created' | 'updated' | 'unchanged'>();
    const newExternalIds: ExternalIdsRow[] = [];
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
      const stored = match.repeatedPairing
        ? meetings.get(match)
        : ((await index.byExternal(match.source, match.externalId)) ??
          index.byTeams(match.leagueId, match.season, home, away, match.kickoffAt) ??
          (match.stage === 'regular' ? index.unclaimedLeagueMatch(match.leagueId, match.season, home, away, match.source) : undefined));
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
          await trx('fixtures')
            .where({ id: fixtureId })
            .update({ ...changes, ...scheduleChange(trx, stored.row, changes) });
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
      } else if (match.repeatedPairing && index.externalOf(match.source, match.externalId) !== fixtureId) {
        await index.repoint(match.source, match.externalId, fixtureId);
      }
      if (match.stats) {
        statRows.push({ fixture_id: fixtureId, team_id: home, is_home: true, ...teamStatsRow(match.stats.home) });
        statRows.push({ fixture_id: fixtureId, team_id: away, is_home: false, ...teamStatsRow(match.stats.away) });
      }
      for (const odds of match.odds ?? []) {
        oddsRows.push({ fixture_id: fixtureId, bookmaker: odds.bookmaker, timing: odds.timing, ...oddsRow(odds) });
      }
    }
    await insertRows(trx, 'external_ids', newExternalIds);
    const changed = new Set([
      ...(await upsertChildren(trx, 'fixture_team_stats', ['fixture_id', 'team_id'], statRows)),
      ...(await upsertChildren(trx, 'fixture_odds', ['fixture_id', 'bookmaker', 'timing'], oddsRows)),
    ]);
    for (const [id, state] of outcome) {
      if (state === 'unchanged' && changed.has(id)) outcome.set(id, 'updated');
    }
    for (const state of outcome.values()) summary[state] += 1;
    // A finished match whose source has the goals' minutes gets its timeline (written once: events have keys); its
    // goals, and its cards and substitutions where the source lists them, are that source's in full (store/events.ts).
    const timed = valid.filter((m) => m.status === 'finished' && m.goalEvents && index.hasExternal(m.source, m.externalId));
    const whole = timed.map((m) => ({
      match: { source: m.source, externalId: m.externalId },
      kinds: m.incidents ? (['goal', 'yellow-card', 'red-card', 'substitution'] as const) : (['goal'] as const),
    }));
    summary.problems.push(...(await saveMatchEvents(trx, timed.flatMap(matchTimeline), whole)).problems);
  });
  return summary;
}
