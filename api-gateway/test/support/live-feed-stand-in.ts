import http from 'node:http';
import type { LiveChange, LiveFeedPage, LiveMatch, LiveSnapshot } from '@matchday/contracts';

/** The football service's live feed as live-stream-lifecycle.test.ts moves it behind the gateway, and waiting on it. */

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until(what: string, check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

function change(feedSeq: number): LiveChange {
  const at = new Date().toISOString();
  const match = {
    fixtureId: 1,
    leagueId: 1,
    homeTeamId: 1,
    awayTeamId: 2,
    homeTeam: 'Home',
    awayTeam: 'Away',
    status: 'live',
    period: '1H',
    minute: '1',
    goalsHome: 0,
    goalsAway: 0,
    penaltiesHome: null,
    penaltiesAway: null,
    lastSeq: feedSeq,
    updatedAt: at,
  } as LiveMatch;
  return {
    feedSeq,
    fixtureId: 1,
    event: {
      seq: feedSeq,
      kind: 'kick-off',
      minute: null,
      stoppage: null,
      teamId: null,
      scorer: null,
      goalKind: null,
      homeScore: 0,
      awayScore: 0,
      cancelled: false,
      at,
    },
    match,
    storedAt: at,
  };
}

/**
 * The football service as the gateway sees it (the internal feed and GET /api/live), with the accounts service's
 * account deletion: a feed the test appends to or starts again, and a count of the feed reads.
 */
export class StandIn {
  changes: LiveChange[] = [];
  /** The feed's epoch: a new one each time the data is replaced. */
  epoch = 'epoch-0';
  private epochs = 0;
  feedReads = 0;
  /** Each read of the feed's position (the gateway's first look) waits this long. */
  positionDelayMs = 0;
  /** Called once a snapshot has been answered. */
  afterSnapshot: (() => void) | undefined;
  /** Extra bytes in each snapshot (a big one fills the socket's buffers). */
  snapshotPadding = 0;
  server = http.createServer((req, res) => void this.answer(req, res));
  url = '';

  get position(): number {
    return this.changes[this.changes.length - 1]?.feedSeq ?? 0;
  }

  append(count: number): void {
    for (let i = 0; i < count; i += 1) this.changes.push(change(this.position + 1));
  }

  /** The football data replaced (a new replay or seed): a feed of `count` changes from 1. */
  startAgain(count: number): void {
    this.epochs += 1;
    this.epoch = `epoch-${this.epochs}`;
    this.changes = [];
    this.append(count);
  }

  private async answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/internal/live/feed') {
      this.feedReads += 1;
      const after = Number(url.searchParams.get('after'));
      const limit = Number(url.searchParams.get('limit'));
      if (after >= Number.MAX_SAFE_INTEGER && this.positionDelayMs > 0) await sleep(this.positionDelayMs);
      const changes = this.changes.filter((c) => c.feedSeq > after).slice(0, limit);
      const page: LiveFeedPage = {
        feedSeq: changes[changes.length - 1]?.feedSeq ?? after,
        position: this.position,
        epoch: this.epoch,
        changes,
      };
      return void json(page);
    }
    if (url.pathname === '/api/live') {
      const snapshot: LiveSnapshot & { padding?: string } = { feedSeq: this.position, matches: [], at: new Date().toISOString() };
      if (this.snapshotPadding > 0) snapshot.padding = 'x'.repeat(this.snapshotPadding);
      json(snapshot);
      this.afterSnapshot?.();
      this.afterSnapshot = undefined;
      return;
    }
    if (url.pathname === '/api/auth/delete-account' && req.method === 'DELETE') return void json({ deleted: true });
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Not found' }));
  }
}
