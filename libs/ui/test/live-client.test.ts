import type { LiveChange, LiveMatch, LiveSnapshot, MatchEvent } from '@matchday/contracts';
import {
  CLOSE_GRACE_MS,
  createLiveClient,
  RESUME_AFTER_HIDDEN_MS,
  RETRY_DELAYS_MS,
  type EventSourceLike,
  type LiveClientDeps,
} from '../src/live-client';

/** A fake EventSource: the test opens it, sends messages and drops it as the browser would. */
class FakeStream implements EventSourceLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly handlers = new Map<string, Array<(event: MessageEvent<string>) => void>>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
    this.readyState = 2;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  send(type: string, data: unknown): void {
    for (const handler of this.handlers.get(type) ?? []) handler({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
  /** A drop the browser retries (CONNECTING) or a refusal it does not (CLOSED). */
  fail(readyState: 0 | 2): void {
    this.readyState = readyState;
    this.onerror?.(new Event('error'));
  }
}

function match(extra: Partial<LiveMatch> = {}): LiveMatch {
  return {
    fixtureId: 16,
    leagueId: 1,
    homeTeamId: 5,
    awayTeamId: 6,
    homeTeam: 'Argentina',
    awayTeam: 'France',
    status: 'live',
    period: '2H',
    minute: '79',
    goalsHome: 2,
    goalsAway: 0,
    penaltiesHome: null,
    penaltiesAway: null,
    lastSeq: 5,
    updatedAt: '2022-12-18T16:02:00.000Z',
    ...extra,
  };
}

function goal(seq: number, home: number, away: number): MatchEvent {
  return {
    seq,
    kind: 'goal',
    minute: 79 + seq - 5,
    stoppage: null,
    teamId: 5,
    scorer: 'Kylian Mbappé',
    goalKind: 'goal',
    homeScore: home,
    awayScore: away,
    cancelled: false,
    at: '2022-12-18T16:36:00.000Z',
  };
}

const change = (feedSeq: number, seq: number, home: number, away: number): LiveChange => ({
  feedSeq,
  fixtureId: 16,
  event: goal(seq, home, away),
  match: match({ lastSeq: seq, goalsHome: home, goalsAway: away }),
  storedAt: '2022-12-18T16:36:00.000Z',
});

const SNAPSHOT: LiveSnapshot = { feedSeq: 100, matches: [match()], at: '2022-12-18T16:35:45.000Z' };

function setup(timeline: MatchEvent[] | null = []) {
  jest.useFakeTimers();
  const streams: FakeStream[] = [];
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  let online = true;
  const reads: number[] = [];
  const deps: LiveClientDeps = {
    url: '/api/live/stream',
    openStream: (url) => {
      const stream = new FakeStream(url);
      streams.push(stream);
      return stream;
    },
    readTimeline: async (fixtureId) => {
      reads.push(fixtureId);
      return timeline;
    },
    window: win,
    document: doc,
    isOnline: () => online,
    now: () => Date.now(),
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  };
  const client = createLiveClient(deps);
  const last = () => streams[streams.length - 1]!;
  const setOnline = (value: boolean) => {
    online = value;
    win.dispatchEvent(new Event(value ? 'online' : 'offline'));
  };
  const show = (visibility: 'visible' | 'hidden') => {
    doc.visibilityState = visibility;
    doc.dispatchEvent(new Event('visibilitychange'));
  };
  return { client, streams, last, setOnline, show, reads };
}

afterEach(() => jest.useRealTimers());

describe('the live client: one stream per tab, opened when needed, resumed after a drop', () => {
  it('opens one stream however many screens need it, and closes it after the last one leaves', () => {
    const { client, streams, last } = setup();
    expect(streams).toHaveLength(0);
    const home = client.retain();
    const page = client.retain();
    expect(streams).toHaveLength(1);
    expect(last().url).toBe('/api/live/stream');
    expect(client.getState().connection).toBe('connecting');
    last().open();
    expect(client.getState().connection).toBe('open');
    home();
    page();
    jest.advanceTimersByTime(CLOSE_GRACE_MS - 1);
    expect(last().closed).toBe(false);
    // a screen change within the grace period keeps the same stream
    const next = client.retain();
    jest.advanceTimersByTime(CLOSE_GRACE_MS);
    expect(streams).toHaveLength(1);
    next();
    jest.advanceTimersByTime(CLOSE_GRACE_MS);
    expect(last().closed).toBe(true);
    expect(client.getState().connection).toBe('idle');
  });

  it('applies the snapshot and each change once, telling change listeners once per change', () => {
    const { client, last } = setup();
    const heard: number[] = [];
    client.onChange((c) => heard.push(c.feedSeq));
    client.retain();
    last().open();
    last().send('snapshot', SNAPSHOT);
    last().send('change', change(101, 6, 2, 1));
    last().send('change', change(101, 6, 2, 1));
    last().send('change', change(102, 7, 2, 2));
    expect(heard).toEqual([101, 102]);
    expect(client.getState().matches.get(16)?.match.goalsAway).toBe(2);
    expect(
      client
        .getState()
        .timelines.get(16)
        ?.events.map((e) => e.seq),
    ).toEqual([6, 7]);
  });

  it('a drop the browser retries itself is "reconnecting" until it opens again', () => {
    const { client, streams, last } = setup();
    client.retain();
    last().open();
    last().send('snapshot', SNAPSHOT);
    last().fail(0);
    expect(client.getState().connection).toBe('reconnecting');
    expect(client.getState().currentAt).not.toBeNull();
    last().open();
    expect(client.getState().connection).toBe('open');
    expect(streams).toHaveLength(1);
  });

  it('after a refusal (429) it opens a new stream itself, resuming from the last feed position, with growing waits', () => {
    const { client, streams, last } = setup();
    client.retain();
    last().open();
    last().send('snapshot', SNAPSHOT);
    last().send('change', change(101, 6, 2, 1));
    last().fail(2);
    expect(client.getState().connection).toBe('reconnecting');
    jest.advanceTimersByTime(RETRY_DELAYS_MS[0] - 1);
    expect(streams).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(streams).toHaveLength(2);
    expect(last().url).toBe('/api/live/stream?lastEventId=101');
    last().fail(2);
    jest.advanceTimersByTime(RETRY_DELAYS_MS[1] - 1);
    expect(streams).toHaveLength(2);
    jest.advanceTimersByTime(1);
    expect(streams).toHaveLength(3);
  });

  it('offline closes the stream; online opens a new one from the last position, and nothing is applied twice', () => {
    const { client, streams, last, setOnline } = setup();
    const heard: number[] = [];
    client.onChange((c) => heard.push(c.feedSeq));
    client.retain();
    last().open();
    last().send('snapshot', SNAPSHOT);
    last().send('change', change(101, 6, 2, 1));
    const first = last();
    setOnline(false);
    expect(first.closed).toBe(true);
    expect(client.getState().connection).toBe('offline');
    setOnline(true);
    expect(streams).toHaveLength(2);
    expect(last().url).toBe('/api/live/stream?lastEventId=101');
    last().open();
    // the gateway resumes after 101; a repeat of 101 would be dropped anyway
    last().send('change', change(101, 6, 2, 1));
    last().send('change', change(102, 7, 2, 2));
    expect(heard).toEqual([101, 102]);
    expect(
      client
        .getState()
        .timelines.get(16)
        ?.events.map((e) => e.seq),
    ).toEqual([6, 7]);
  });

  it('a tab shown again after a while, or a page back from the back/forward cache, opens a new stream', () => {
    const { client, streams, last, show } = setup();
    client.retain();
    last().open();
    last().send('snapshot', SNAPSHOT);
    show('hidden');
    show('visible');
    expect(streams).toHaveLength(1);
    show('hidden');
    jest.advanceTimersByTime(RESUME_AFTER_HIDDEN_MS + 1);
    show('visible');
    expect(streams).toHaveLength(2);
    expect(last().url).toBe('/api/live/stream?lastEventId=100');
  });

  it('does not open a stream while offline, and opens one when the network is back', () => {
    const { client, streams, setOnline } = setup();
    setOnline(false);
    client.retain();
    expect(streams).toHaveLength(0);
    expect(client.getState().connection).toBe('offline');
    setOnline(true);
    expect(streams).toHaveLength(1);
  });
});

describe('a match page timeline', () => {
  it('reads the timeline, joins the stream events and reads it again at once, once, when the read is behind the live match', async () => {
    const kickOff: MatchEvent = { ...goal(1, 0, 0), kind: 'kick-off', minute: null, scorer: null, teamId: null, goalKind: null };
    const { client, last, reads } = setup([kickOff]);
    const stop = client.watchTimeline(16, true);
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    expect(reads).toEqual([16]);
    expect(client.getState().timelines.get(16)).toMatchObject({ loaded: true });
    last().open();
    last().send('snapshot', SNAPSHOT); // lastSeq 5: the read (seq 1) is behind, and read again now
    expect(reads).toEqual([16, 16]);
    last().send('change', change(101, 6, 2, 1));
    expect(
      client
        .getState()
        .timelines.get(16)
        ?.events.map((e) => e.seq),
    ).toEqual([1, 6]);
    // the repeated read comes back as behind as before (this fake service has only seq 1): no third read, no timer
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    jest.advanceTimersByTime(60_000);
    expect(reads).toEqual([16, 16]);
    stop();
  });
});
