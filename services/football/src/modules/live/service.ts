import type { LiveFeedPage, LiveSnapshot } from '@matchday/contracts';
import type { Knex } from '@matchday/server';
import { feedChanges, feedHead, feedPosition, liveMatches } from './repository';

/** Every match being played at `nowMs`, with the feed position a stream carries on from. */
export async function liveSnapshot(db: Knex, nowMs: number): Promise<LiveSnapshot> {
  // the feed position first: a change written meanwhile is in the matches or after the position, never lost
  const feedSeq = await feedPosition(db);
  return { feedSeq, matches: await liveMatches(db, nowMs), at: new Date(nowMs).toISOString() };
}

/**
 * The changes after feed position `after` (at most `limit`), in order, with the position they reach, the feed's own
 * and its epoch (positions of another epoch are of other data).
 */
export async function liveFeedPage(db: Knex, after: number, limit: number): Promise<LiveFeedPage> {
  const { position, epoch } = await feedHead(db);
  const changes = await feedChanges(db, after, limit);
  return {
    feedSeq: changes.length > 0 ? changes[changes.length - 1]!.feedSeq : Math.min(after, position),
    position,
    epoch,
    changes,
  };
}
