import fs from 'node:fs';
import path from 'node:path';
import { dataDir, dropMysqlDatabase, openDatabase, type DatabaseTarget, type Knex } from '@matchday/server';
import { utcDay } from './dates';
import { sameDayOfSeason } from './default-replay';
import { formatReport, runImport, writeBatches, type ImportBatch, type ImportReport } from './cli';
import { holdResults, type HeldBatch } from './held-results';
import { finalWhistle, matchTimeline } from './live-clock';
import type { ImportedMatch, ImportedMatchEvent, ImportedPlayerMatch } from './model';
import { isHistory, replayedSeasons, replayLabel, seasonRange } from './replay-history';
import { replayInputs, reusableReplay } from './replay-reuse';
import { DAY, ReplayDateError, replayShiftMs } from './replay-shift';
import { renewFeedEpoch, setDatasetMeta } from './store';

export { ReplayDateError, replayShiftDays } from './replay-shift';

/**
 * `npm start -- --replay <import args>`: a real season as if it were being played now. The season is
 * read first (nothing written), every kick-off moves by whole days so that the middle of the season, or
 * the real day given with `--as-of`, is today, and the records are written into their own database
 * (DATA_DIR/replay, or the `matchday_football_replay` MySQL database) through the store:
 * - a match over before now (kick-off + 2 h) as the source has it;
 * - a match still to come as not played: status scheduled, no score, no statistics, pre-match odds only;
 *   its full record and its players' lines are held back (held-results.ts) and released through the
 *   same store by the running football service when the clock passes kick-off + 2 h; its starting XI (the
 *   players' `started`, FPL's `starts`) is released at kick-off - 60 min into `fixture_lineups`.
 * The shift is kept in dataset_meta (`date_shift_days`); the data stays marked as imported, not demo.
 */

/** A match as known before it is played: the schedule, the venue and referee, pre-match odds (no crowd yet). */
function notPlayedYet(match: ImportedMatch): ImportedMatch {
  return {
    ...match,
    status: 'scheduled',
    goals: null,
    halfTime: null,
    extraTime: null,
    penalties: null,
    goalEvents: null,
    attendance: null,
    incidents: null,
    stats: null,
    odds: (match.odds ?? []).filter((odds) => odds.timing === 'opening'),
  };
}

/** Line-ups are announced this long before kick-off (a replay releases them then; Dream11 locks at kick-off). */
export const LINEUP_LEAD_MS = 60 * 60_000;

/** What a line-up tells of a player's match: that he starts (or is named and does not), nothing more. */
function lineupOnly(line: ImportedPlayerMatch): ImportedPlayerMatch {
  return { player: line.player, team: line.team, match: line.match, position: line.position ?? null, started: line.started, minutes: 0 };
}

export interface ReplayPlan {
  /** What is known now, to write through the store in this order. */
  write: ImportBatch[];
  /** What becomes known later, in release order. */
  held: HeldBatch[];
}

/**
 * Moves every kick-off by `shiftMs` and splits the records at `now`. A match over by now (its final whistle on
 * the match clock, importers/live-clock.ts) is written as the source has it; one still to come is written as
 * not played, and what happens in it is held back: each event until its moment (the match goes live at
 * kick-off), the full record and the players' lines until the final whistle. Events of a match in play now
 * that have happened already are written at once. Squads and points adjustments are written as they are. A match of
 * a league's earlier season (replayedSeasons) is moved the same way and written as it is, with its players' lines,
 * whatever the clock says: history is never held back.
 */
export function planReplay(batches: readonly ImportBatch[], shiftMs: number, now: Date): ReplayPlan {
  const shift = (date: Date) => new Date(date.getTime() + shiftMs);
  const nowMs = now.getTime();
  const replayed = replayedSeasons(batches);
  const releaseOf = new Map<string, number>();
  const kickoffOf = new Map<string, number>();
  for (const batch of batches) {
    if (batch.kind !== 'matches') continue;
    for (const match of batch.records) {
      const release = isHistory(match, replayed) ? -Infinity : finalWhistle({ ...match, kickoffAt: shift(match.kickoffAt) }).getTime();
      releaseOf.set(`${match.source}\u0000${match.externalId}`, release);
      kickoffOf.set(`${match.source}\u0000${match.externalId}`, shift(match.kickoffAt).getTime());
    }
  }
  const plan: ReplayPlan = { write: [], held: [] };
  for (const batch of batches) {
    if (batch.kind === 'matches') {
      const known: ImportedMatch[] = [];
      const happened: ImportedMatchEvent[] = [];
      for (const original of batch.records) {
        const match = { ...original, kickoffAt: shift(original.kickoffAt) };
        const releaseMs = releaseOf.get(`${match.source}\u0000${match.externalId}`)!;
        if (releaseMs <= nowMs || match.status !== 'finished') {
          known.push(match);
          continue;
        }
        known.push(notPlayedYet(match));
        for (const event of matchTimeline(match)) {
          if (event.at.getTime() <= nowMs) happened.push(event);
          else plan.held.push({ kind: 'match-events', releaseMs: event.at.getTime(), records: [event] });
        }
        plan.held.push({ kind: 'matches', releaseMs, records: [match] });
      }
      plan.write.push({ kind: 'matches', records: known });
      plan.write.push({ kind: 'match-events', records: happened });
    } else if (batch.kind === 'player-matches') {
      const known: ImportedPlayerMatch[] = [];
      const later = new Map<number, ImportedPlayerMatch[]>();
      const lineups = new Map<number, ImportedPlayerMatch[]>();
      for (const original of batch.records) {
        const ref = original.match;
        const line: ImportedPlayerMatch =
          'externalId' in ref ? original : { ...original, match: { ...ref, kickoffAt: shift(ref.kickoffAt) } };
        const releaseMs =
          'externalId' in line.match
            ? releaseOf.get(`${line.match.source}\u0000${line.match.externalId}`)
            : isHistory(line.match, replayed)
              ? -Infinity
              : finalWhistle({ kickoffAt: line.match.kickoffAt } as ImportedMatch).getTime();
        if (releaseMs === undefined || releaseMs <= nowMs) {
          known.push(line);
        } else {
          const group = later.get(releaseMs) ?? [];
          group.push(line);
          later.set(releaseMs, group);
          // the line-up is out LINEUP_LEAD_MS before kick-off: who starts, nothing of the match itself (FPL rows name
          // the whole squad, not the bench, so only the starting XI is held: a substitute's row would not say more)
          const kickoffMs =
            'externalId' in line.match
              ? kickoffOf.get(`${line.match.source}\u0000${line.match.externalId}`)
              : line.match.kickoffAt.getTime();
          if (kickoffMs !== undefined && line.started === true) {
            const lineupMs = kickoffMs - LINEUP_LEAD_MS;
            const named = lineups.get(lineupMs) ?? [];
            named.push(lineupOnly(line));
            lineups.set(lineupMs, named);
          }
        }
      }
      plan.write.push({ kind: 'player-matches', records: known });
      for (const [releaseMs, records] of [...lineups].sort((a, b) => a[0] - b[0])) plan.held.push({ kind: 'lineups', releaseMs, records });
      for (const [releaseMs, records] of [...later].sort((a, b) => a[0] - b[0]))
        plan.held.push({ kind: 'player-matches', releaseMs, records });
    } else {
      plan.write.push(batch);
    }
  }
  // Released in time order; at one instant in the order held (a match's last event, then its record, then its players).
  plan.held = plan.held
    .map((batch, index) => ({ batch, index }))
    .sort((a, b) => a.batch.releaseMs - b.batch.releaseMs || a.index - b.index)
    .map((x) => x.batch);
  return plan;
}

/** The replay database beside the normal one: returned with the environment the football service needs to use it. */
export function replayTarget(env: NodeJS.ProcessEnv): { target: DatabaseTarget; serviceEnv: NodeJS.ProcessEnv } {
  const mysql = env.FOOTBALL_DATABASE_URL || env.DATABASE_URL;
  if (mysql) {
    const url = new URL(mysql);
    url.pathname = '/matchday_football_replay';
    const location = url.toString();
    return { target: { client: 'mysql', location }, serviceEnv: { FOOTBALL_DATABASE_URL: location } };
  }
  const dir = path.join(dataDir(env), 'replay');
  return { target: { client: 'sqlite', location: path.join(dir, 'football.sqlite') }, serviceEnv: { DATA_DIR: dir } };
}

export interface ReplayOptions {
  /** A real day of the season (YYYY-MM-DD) to place today on, or a UTC instant to place now on; default: the middle of the season. */
  asOf?: string;
  /**
   * Without `asOf`: place today on today's calendar day of the season (28 November on 28 November of the season's
   * year that holds it; a day the season does not reach on its nearer end) instead of its middle.
   */
  sameCalendarDay?: boolean;
  /** Now (tests). */
  now?: Date;
}

export interface ReplayRead {
  plan: ReplayPlan;
  /** What is replayed ("Premier League 2024-25"), and the real first and last kick-off. */
  season: ReplaySeason | null;
  /** Days added to every real kick-off (a fraction with an `--as-of` instant). */
  days: number;
  now: Date;
  /** Rows the sources could not read. */
  problems: ImportReport['problems'];
}

export interface ReplaySeason {
  label: string;
  first: string;
  last: string;
}

/** Reads the imports (nothing written) and plans the replay; a bad `asOf` throws ReplayDateError. */
export async function readReplay(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
  options: ReplayOptions = {},
): Promise<ReplayRead> {
  const imports: string[][] = [[]];
  for (const arg of args) {
    if (arg === '+') imports.push([]);
    else imports[imports.length - 1]!.push(arg);
  }
  if (imports.some((argv) => argv.length === 0))
    throw new Error('--replay needs import arguments, e.g. --replay fpl ../shared/data/fpl/2023-24');
  const now = options.now ?? new Date();
  const batches: ImportBatch[] = [];
  const problems: ImportReport['problems'] = [];
  for (const argv of imports) {
    log(`  Replay: reading ${argv.join(' ')}`);
    const report = await runImport(argv, { env, progress: true, log, collect: (batch) => batches.push(batch) });
    problems.push(...report.problems);
  }
  // a replay is of the seasons its matches are in: a deductions file's other seasons would add empty seasons
  const seasons = new Set(batches.flatMap((b) => (b.kind === 'matches' ? b.records.map((m) => `${m.leagueId}/${m.season}`) : [])));
  const replayed = batches.map((batch) =>
    batch.kind === 'adjustments' ? { ...batch, records: batch.records.filter((a) => seasons.has(`${a.leagueId}/${a.season}`)) } : batch,
  );
  batches.splice(0, batches.length, ...replayed);
  const range = seasonRange(batches);
  if (!range && options.asOf !== undefined) throw new ReplayDateError('--as-of needs a replay with matches');
  const asOf = options.asOf ?? (range && options.sameCalendarDay ? sameDayOfSeason(range.first, range.last, now) : undefined);
  const shiftMs = range ? replayShiftMs(range.first, range.last, now, asOf) : 0;
  const season = range ? { label: replayLabel(batches), first: range.first.toISOString(), last: range.last.toISOString() } : null;
  return { plan: planReplay(batches, shiftMs, now), season, days: shiftMs / DAY, now, problems };
}

/** Writes a planned replay into `db` (fresh) through the store, holds back what is still to come. */
export async function writeReplay(db: Knex, read: ReplayRead, options: { progress?: boolean } = {}): Promise<ImportReport> {
  const report = await writeBatches(db, read.plan.write, options);
  report.problems.unshift(...read.problems);
  await holdResults(db, read.plan.held);
  // a replay (re)built: whatever the feed said before is of other data
  await renewFeedEpoch(db);
  await setDatasetMeta(db, 'date_shift_days', String(read.days));
  if (read.season) {
    await setDatasetMeta(db, 'replay_label', read.season.label);
    await setDatasetMeta(db, 'replay_first', read.season.first);
    await setDatasetMeta(db, 'replay_last', read.season.last);
  }
  return report;
}

/** The line that says where the replay's now is in the real season and what is still to be played. */
async function replayNowLine(db: Knex, days: number, now: Date, options: ReplayOptions): Promise<string> {
  const [count] = (await db('fixtures').where({ status: 'scheduled' }).count({ n: '*' })) as Array<{ n: number | string }>;
  const realNow = new Date(now.getTime() - days * DAY);
  const realToday = Number.isInteger(days) ? utcDay(realNow) : realNow.toISOString();
  return (
    `  Replay: kick-offs moved by ${Number(days.toFixed(4))} days, so now is ${realToday} of the real season` +
    `${options.asOf !== undefined ? '' : options.sameCalendarDay ? " (today's date in that season)" : ' (its middle)'}; ${Number(count?.n ?? 0)} fixture(s) still to be played, ` +
    'each played on the match clock (README "Replay")'
  );
}

/**
 * Builds the replay database: `args` are import arguments, several imports separated by "+" (e.g.
 * `football-data-co-uk E0-2324.csv + fpl ../shared/data/fpl/2023-24`). A replay database completely built before from
 * the same inputs (replayInputs) that now moves by the same shift is served as it is, without reading the files again:
 * what fell due while it was stopped is released by the football service at its start, as after any restart.
 * Otherwise it is built from scratch. Throws ReplayDateError for a bad `asOf` before any database is written.
 */
export async function prepareReplay(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  log: (line: string) => void = (line) => console.log(line),
  options: ReplayOptions = {},
): Promise<NodeJS.ProcessEnv> {
  const { target, serviceEnv } = replayTarget(env);
  const inputs = replayInputs(args, env, options);
  const now = options.now ?? new Date();
  const reused = await reusableReplay(target, inputs, now, options);
  if (reused !== null) {
    const db = await openDatabase(target);
    try {
      log('  Replay: built before from the same files and moved by the same days: served as it is');
      log(await replayNowLine(db, reused, now, options));
    } finally {
      await db.destroy();
    }
    return serviceEnv;
  }
  const read = await readReplay(args, env, log, { ...options, now });
  if (target.client === 'sqlite') {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${target.location}${suffix}`, { force: true });
  } else {
    await dropMysqlDatabase(target.location);
  }
  const db = await openDatabase(target);
  try {
    const report = await writeReplay(db, read, { progress: true });
    // last: a build that stopped half-way is never taken for a whole one
    await setDatasetMeta(db, 'replay_inputs', inputs);
    log(formatReport(report, 10).replace(/^/gm, '  '));
    log(await replayNowLine(db, read.days, read.now, options));
  } finally {
    await db.destroy();
  }
  return serviceEnv;
}
