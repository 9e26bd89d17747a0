import { randomUUID } from 'node:crypto';
import type { Knex } from '@matchday/server';
import type { ImportedMatchEvent } from '../model';
import { emptySummary, problemAt, type Row, type SaveSummary } from './shared';

/**
 * Match events: the one writer of `match_events` and of a live fixture's state (status, running score). An
 * event is found by its match's (source, external id) and named by its key, so writing it twice stores it
 * once (a replay restarted mid-match neither repeats nor loses one). Every new event takes the next `seq` of
 * its fixture and the next `feed_seq` of the live feed (migration 20261125a).
 */

interface FixtureState {
  id: number;
  homeTeamId: number;
  awayTeamId: number;
  status: string;
  nextSeq: number;
  keys: Set<string>;
}

async function fixtureState(trx: Knex.Transaction, source: string, externalId: string): Promise<FixtureState | undefined> {
  const row = (await trx('external_ids as x')
    .join('fixtures as f', 'f.id', 'x.entity_id')
    .where({ 'x.entity': 'fixture', 'x.source': source, 'x.external_id': externalId })
    .first('f.id', 'f.home_team_id', 'f.away_team_id', 'f.status')) as Row | undefined;
  if (!row) return undefined;
  const id = Number(row.id);
  const events = (await trx('match_events').where({ fixture_id: id }).select('seq', 'event_key')) as Array<{
    seq: number;
    event_key: string;
  }>;
  return {
    id,
    homeTeamId: Number(row.home_team_id),
    awayTeamId: Number(row.away_team_id),
    status: String(row.status),
    nextSeq: events.reduce((max, e) => Math.max(max, Number(e.seq)), 0) + 1,
    keys: new Set(events.map((e) => e.event_key)),
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

/** Stores match events in the order given; events of matches not stored (yet) are reported, not fatal. */
export async function saveMatchEvents(db: Knex, events: readonly ImportedMatchEvent[]): Promise<SaveSummary> {
  const summary = emptySummary();
  if (events.length === 0) return summary;
  await db.transaction(async (trx) => {
    // One state per fixture, whichever source names it: two sources of one match (football-data and FPL) write
    // one timeline, the first to write an event's key wins.
    const byRef = new Map<string, FixtureState | null>();
    const byFixture = new Map<number, FixtureState>();
    for (const event of events) {
      const ref = `${event.match.source}\u0000${event.match.externalId}`;
      if (!byRef.has(ref)) {
        const found = (await fixtureState(trx, event.match.source, event.match.externalId)) ?? null;
        const known = found ? (byFixture.get(found.id) ?? found) : null;
        if (known) byFixture.set(known.id, known);
        byRef.set(ref, known);
      }
      const state = byRef.get(ref);
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
      await trx('match_events').insert({
        fixture_id: state.id,
        seq: state.nextSeq,
        feed_seq: await nextFeedSeq(trx),
        event_key: event.key,
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
        cancelled: false,
        happened_ms: event.at.getTime(),
        stored_ms: Date.now(),
        cancels_seq: cancelled ? Number(cancelled.seq) : null,
      });
      if (event.kind === 'goal-cancelled' && event.cancels) {
        await trx('match_events').where({ fixture_id: state.id, event_key: event.cancels }).update({ cancelled: true });
      }
      state.keys.add(event.key);
      state.nextSeq += 1;
      const change = fixtureChange(event, state);
      if (Object.keys(change).length > 0) {
        await trx('fixtures').where({ id: state.id }).update(change);
        if (typeof change.status === 'string') state.status = change.status;
      }
      summary.created += 1;
    }
  });
  return summary;
}
