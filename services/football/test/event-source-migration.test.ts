import type { MatchEvent } from '@matchday/contracts';
import { repoRoot } from '@matchday/server';
import { startService, testDatabases, type RunningService } from '@matchday/testing';
import * as eventSource from '../src/db/migrations/20261206o-event-source';
import { runImport } from '../src/importers/cli';
import { football } from '../src/service';
import { fixtureIdByTeams, getJson, sharedData } from './import-helpers';

/**
 * A database whose -full timelines were written before events were keyed by content ('goal:3', 'yellow-card:2': their
 * place in the file) and before their source was kept: the migration gives those rows their fixture's timeline source,
 * so the next import of the same file withdraws them for the content-keyed ones, and the timeline has each event once.
 */

const FULL = sharedData('openfootball', 'football-json', 'full-sample', '2025-26', 'en.1-full.json');
const TIMED = ['goal', 'yellow-card', 'red-card', 'substitution'];

describe.each(testDatabases())('events written before their source was kept, on %s', (_label, makeTarget) => {
  let service: RunningService;
  const run = (...argv: string[]) => runImport(argv, { db: service.db, cwd: repoRoot, progress: false, log: () => undefined });
  /** The goals, cards and substitutions the timeline stands by (withdrawn ones left out). */
  const standing = (events: readonly MatchEvent[]) => {
    const withdrawn = new Set(events.filter((e) => e.kind === 'withdrawn').map((e) => e.cancelsSeq));
    return events
      .filter((e) => TIMED.includes(e.kind) && !withdrawn.has(e.seq))
      .map((e) => `${e.kind} ${e.minute}${e.stoppage ? `+${e.stoppage}` : ''} ${e.player ?? e.scorer}`)
      .sort();
  };

  beforeAll(async () => {
    service = await startService(football, makeTarget('football'));
  }, 120_000);
  afterAll(async () => {
    await service?.close();
  });

  it('gives the old keys their source, and the next import leaves each event once', async () => {
    expect((await run('football-json', FULL)).problems).toEqual([]);
    const id = await fixtureIdByTeams(service.db, 39, 2025, 'Liverpool', 'Bournemouth');
    const before = standing(await getJson<MatchEvent[]>(service, `/api/fixture-events/${id}`));
    expect(before.filter((e) => e.startsWith('goal'))).toHaveLength(6);

    // as the match clock keyed them before, without a source
    await eventSource.down(service.db);
    const rows = (await service
      .db('match_events')
      .where({ fixture_id: id })
      .whereIn('kind', TIMED)
      .orderBy('seq')
      .select('id', 'kind')) as Array<{
      id: number;
      kind: string;
    }>;
    const counts = new Map<string, number>();
    for (const row of rows) {
      const n = (counts.get(row.kind) ?? 0) + 1;
      counts.set(row.kind, n);
      await service
        .db('match_events')
        .where({ id: row.id })
        .update({ event_key: `${row.kind}:${n}` });
    }
    // an event of another source (API-Football live's keys), stored without one
    const { id: _kickOffId, ...kickOff } = (await service.db('match_events').where({ fixture_id: id, kind: 'kick-off' }).first()) as Record<
      string,
      unknown
    >;
    await service.db('match_events').insert({
      ...kickOff,
      seq: 999,
      feed_seq: 999_999,
      event_key: 'goal:77:an-api-football-key:1',
      kind: 'goal',
      scorer: 'Someone Live',
    });
    await eventSource.up(service.db);
    const sources = (await service
      .db('match_events')
      .where({ fixture_id: id })
      .whereIn('kind', TIMED)
      .select('event_key', 'source')) as Array<{
      event_key: string;
      source: string | null;
    }>;
    expect(sources.filter((r) => /^[a-z-]+:\d+$/.test(r.event_key)).every((r) => r.source === 'football-json')).toBe(true);
    expect(sources.find((r) => r.event_key === 'goal:77:an-api-football-key:1')?.source).toBeNull();

    // the same file again: the old-keyed events are withdrawn for the content-keyed ones; another source's stays
    expect((await run('football-json', FULL)).problems).toEqual([]);
    const after = standing(await getJson<MatchEvent[]>(service, `/api/fixture-events/${id}`));
    expect(after).toEqual([...before, 'goal null Someone Live'].sort());
    // and once more: nothing new
    const position = Number(((await service.db('live_feed').first('last_seq')) as { last_seq: number }).last_seq);
    expect((await run('football-json', FULL)).problems).toEqual([]);
    expect(Number(((await service.db('live_feed').first('last_seq')) as { last_seq: number }).last_seq)).toBe(position);
  }, 120_000);
});
