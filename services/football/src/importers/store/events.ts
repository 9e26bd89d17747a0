import { randomUUID } from 'node:crypto';
import type { Knex } from '@matchday/server';
import type { MatchEventKind } from '@matchday/contracts';
import type { ImportedMatchEvent, MatchRef } from '../model';
import { emptySummary, problemAt, type Row, type SaveSummary } from './shared';
import { feedGrew } from '../../lib/feed-signal';

/**
 * Match events: the one writer of `match_events` and of a live fixture's state (status, running score). An
 * event is found by its match's (source, external id) and named by its key, so writing it twice stores it
 * once (a replay restarted mid-match neither repeats nor loses one). Every new event takes the next `seq` of
 * its fixture and the next `feed_seq` of the live feed (migration 20261125a), and names its source (migration
 * 20261206o). Nothing is deleted or rewritten: a timeline its source gives in full is replaced by withdrawing what the
 * source no longer has (withdrawMissing) and adding what is new, each step on the feed.
 */

interface FixtureState {
  id: number;
  homeTeamId: number;
  awayTeamId: number;
  status: string;
  nextSeq: number;
  /** The keys of the events stored and not withdrawn (a key brought back after a withdrawal: as the source names it). */
  keys: Set<string>;
  /** Every key stored, withdrawn ones included (a key is stored once per fixture). */
  stored: Set<string>;
}

/** The key a source gave an event: a key brought back after its withdrawal is stored as `<key>~<seq>`. */
const givenKey = (storedKey: string) => storedKey.replace(/~\d+$/, '');

async function fixtureState(trx: Knex.Transaction, source: string, externalId: string): Promise<FixtureState | undefined> {
  const row = (await trx('external_ids as x')
    .join('fixtures as f', 'f.id', 'x.entity_id')
    .where({ 'x.entity': 'fixture', 'x.source': source, 'x.external_id': externalId })
    .first('f.id', 'f.home_team_id', 'f.away_team_id', 'f.status')) as Row | undefined;
  if (!row) return undefined;
  const id = Number(row.id);
  const events = (await trx('match_events').where({ fixture_id: id }).select('seq', 'event_key', 'kind', 'cancels_seq')) as Array<{
    seq: number;
    event_key: string;
    kind: string;
    cancels_seq: number | null;
  }>;
  const withdrawn = new Set(events.filter((e) => e.kind === 'withdrawn').map((e) => Number(e.cancels_seq)));
  return {
    id,
    homeTeamId: Number(row.home_team_id),
    awayTeamId: Number(row.away_team_id),
    status: String(row.status),
    nextSeq: events.reduce((max, e) => Math.max(max, Number(e.seq)), 0) + 1,
    keys: new Set(events.filter((e) => !withdrawn.has(Number(e.seq))).map((e) => givenKey(e.event_key))),
    stored: new Set(events.map((e) => e.event_key)),
  };
}

/** The next place in the live feed; the row stays locked until the transaction ends (writers commit in feed order). */
async function nextFeedSeq(trx: Knex.Transaction): Promise<number> {
  await trx('live_feed').where({ id: 1 }).increment('last_seq', 1);
  const row = (await trx('live_feed').where({ id: 1 }).first('last_seq')) as { last_seq: number | string };
  return Number(row.last_seq);
}

/**
 * Gives the live feed a new epoch (migration 20261206e): its football data was replaced (a replay rebuilt, the demo
 * season removed), so positions read before now name other matches, and every reader starts again from a snapshot.
 */
export async function renewFeedEpoch(db: Knex): Promise<string> {
  const epoch = randomUUID();
  await db('live_feed').where({ id: 1 }).update({ epoch });
  if (!db.isTransaction) feedGrew();
  return epoch;
}

/** What an event changes on its fixture: a match in play is 'live'; the score is the running one where known. */
function fixtureChange(event: ImportedMatchEvent, state: FixtureState): Row {
  // A match stored as finished (its full record written first) keeps its record: its events are the timeline only.
  if (state.status === 'finished') return {};
  const change: Row = {};
  if (event.kind !== 'full-time') change.status = 'live';
  const score = event.score;
  if (!score) return change;
  const extra =
    event.kind === 'goal'
      ? (event.minute ?? 0) > 90
      : ['extra-time-half-time', 'extra-time-second-half', 'end-of-extra-time', 'shoot-out'].includes(event.kind);
  if (extra) {
    change.home_goals_et = score.home;
    change.away_goals_et = score.away;
  } else if (event.kind !== 'full-time') {
    change.home_goals = score.home;
    change.away_goals = score.away;
  }
  if (event.kind === 'half-time') {
    change.home_goals_ht = score.home;
    change.away_goals_ht = score.away;
  }
  return change;
}

/**
 * A match whose events of these kinds its source gives in full (a file's timeline: football.json's `-full`, an
 * openfootball tournament): a stored event of the same source and kind that is no longer among them is withdrawn.
 */
export interface WholeTimeline {
  match: MatchRef;
  kinds: readonly MatchEventKind[];
}

/** Writes one event as the fixture's next (its `seq`, its place in the live feed); the columns not given are null. */
async function insertEvent(trx: Knex.Transaction, state: FixtureState, row: Row): Promise<void> {
  await trx('match_events').insert({
    fixture_id: state.id,
    seq: state.nextSeq,
    feed_seq: await nextFeedSeq(trx),
    cancelled: false,
    stored_ms: Date.now(),
    ...row,
  });
  state.stored.add(String(row.event_key));
  state.nextSeq += 1;
}

/**
 * Withdraws the events of `whole`'s source and kinds that `given` (the keys its source gives now) no longer has,
 * through the cancellation the live feed carries: each is marked `cancelled` and a 'withdrawn' event (its seq in
 * `cancels_seq`, at its minute) goes on the feed, so streams and timelines drop it. Never another source's event.
 */
async function withdrawMissing(
  trx: Knex.Transaction,
  state: FixtureState,
  whole: WholeTimeline,
  given: ReadonlySet<string>,
): Promise<number> {
  const rows = (await trx('match_events')
    .where({ fixture_id: state.id, source: whole.match.source, cancelled: false })
    .whereIn('kind', [...whole.kinds])
    .orderBy('seq')
    .select('seq', 'event_key', 'team_id', 'minute', 'stoppage', 'happened_ms')) as Row[];
  let withdrawn = 0;
  for (const row of rows) {
    const key = givenKey(String(row.event_key));
    if (given.has(key) || !state.keys.has(key)) continue;
    await insertEvent(trx, state, {
      event_key: `withdrawn:${Number(row.seq)}`,
      kind: 'withdrawn',
      team_id: row.team_id,
      minute: row.minute,
      stoppage: row.stoppage,
      happened_ms: row.happened_ms,
      cancels_seq: Number(row.seq),
      source: whole.match.source,
    });
    await trx('match_events').where({ fixture_id: state.id, seq: row.seq }).update({ cancelled: true });
    state.keys.delete(key);
    withdrawn += 1;
  }
  return withdrawn;
}

/**
 * Stores match events in the order given; events of matches not stored (yet) are reported, not fatal. The timelines
 * named in `whole` are replaced as a whole: what their source no longer gives is withdrawn first (withdrawMissing).
 */
export async function saveMatchEvents(
  db: Knex,
  events: readonly ImportedMatchEvent[],
  whole: readonly WholeTimeline[] = [],
): Promise<SaveSummary> {
  const summary = emptySummary();
  if (events.length === 0 && whole.length === 0) return summary;
  await db.transaction(async (trx) => {
    // One state per fixture, whichever source names it: two sources of one match (football-data and FPL) write
    // one timeline, the first to write an event's key wins.
    const byRef = new Map<string, FixtureState | null>();
    const byFixture = new Map<number, FixtureState>();
    const stateOf = async (match: MatchRef) => {
      const ref = `${match.source}\u0000${match.externalId}`;
      if (!byRef.has(ref)) {
        const found = (await fixtureState(trx, match.source, match.externalId)) ?? null;
        const known = found ? (byFixture.get(found.id) ?? found) : null;
        if (known) byFixture.set(known.id, known);
        byRef.set(ref, known);
      }
      return byRef.get(ref) ?? null;
    };
    for (const timeline of whole) {
      const state = await stateOf(timeline.match);
      if (!state) continue;
      const given = events.filter((e) => e.match.source === timeline.match.source && e.match.externalId === timeline.match.externalId);
      summary.updated += await withdrawMissing(trx, state, timeline, new Set(given.map((e) => e.key)));
    }
    for (const event of events) {
      const state = await stateOf(event.match);
      if (!state) {
        summary.problems.push(problemAt(undefined, event.match.source, `event ${event.key} of unknown match ${event.match.externalId}`));
        continue;
      }
      if (state.keys.has(event.key)) {
        summary.unchanged += 1;
        continue;
      }
      const teamId = event.side === 'home' ? state.homeTeamId : event.side === 'away' ? state.awayTeamId : null;
      const cancelled =
        event.kind === 'goal-cancelled' && event.cancels
          ? ((await trx('match_events').where({ fixture_id: state.id, event_key: event.cancels }).first('seq')) as
              { seq: number } | undefined)
          : undefined;
      await insertEvent(trx, state, {
        // a key withdrawn and given again (a booking taken out upstream and put back) is stored anew
        event_key: state.stored.has(event.key) ? `${event.key}~${state.nextSeq}` : event.key,
        kind: event.kind,
        team_id: teamId,
        minute: event.minute ?? null,
        stoppage: event.stoppage ?? null,
        goal_kind: event.goalKind ?? null,
        scorer: event.scorer ? event.scorer.slice(0, 100) : null,
        player: event.player?.slice(0, 100) ?? null,
        player_off: event.playerOff?.slice(0, 100) ?? null,
        home_score: event.score?.home ?? null,
        away_score: event.score?.away ?? null,
        happened_ms: event.at.getTime(),
        cancels_seq: cancelled ? Number(cancelled.seq) : null,
        source: event.match.source,
      });
      if (event.kind === 'goal-cancelled' && event.cancels) {
        await trx('match_events').where({ fixture_id: state.id, event_key: event.cancels }).update({ cancelled: true });
      }
      state.keys.add(event.key);
      const change = fixtureChange(event, state);
      if (Object.keys(change).length > 0) {
        await trx('fixtures').where({ id: state.id }).update(change);
        if (typeof change.status === 'string') state.status = change.status;
      }
      summary.created += 1;
    }
  });
  // stored on its own (not inside a caller's transaction): committed now, so readers waiting for news may read it
  if (!db.isTransaction && summary.created + summary.updated > 0) feedGrew();
  return summary;
}
