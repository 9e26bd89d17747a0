import type { Dream11Card, TipsDay } from '@matchday/contracts';
import { fakeFetch } from '@matchday/testing/src/fake-fetch';
import { analysisQuery, recordsQuery, tipsQuery, weekendQuery } from '../src/features/betting-tips/api/tips';
import { dream11CardQuery, dream11DayQuery, dream11RecordQuery } from '../src/features/dream11-predictions/api/dream11';

const realFetch = global.fetch;
afterAll(() => {
  global.fetch = realFetch;
});

describe('the requests of the tips screens', () => {
  it('each query names its endpoint', () => {
    expect(tipsQuery.key('tomorrow')).toBe('/api/tips?day=tomorrow');
    expect(weekendQuery.key()).toBe('/api/tips/weekend');
    expect(analysisQuery.key('1208')).toBe('/api/tips/fixture/1208');
    expect(recordsQuery.key()).toBe('/api/tips/record');
    expect(dream11DayQuery.key('today')).toBe('/api/dream11?day=today');
    expect(dream11CardQuery.key('77')).toBe('/api/dream11/fixture/77');
    expect(dream11RecordQuery.key()).toBe('/api/dream11/record');
  });
});

describe('reading tips', () => {
  it('GETs the day, cache-busted, and gives the reply', async () => {
    const day = { day: 'today', date: '2026-11-25', tips: [] } as unknown as TipsDay;
    const { sent } = fakeFetch({ status: 200, body: day });
    await expect(tipsQuery.read(tipsQuery.key('today'))).resolves.toEqual(day);
    expect(sent[0]).toMatchObject({ method: 'GET', path: '/api/tips' });
    expect(sent[0]!.query.get('day')).toBe('today');
    expect(sent[0]!.query.get('_cb')).toMatch(/^\d+$/);
  });

  it('is nothing (null) when signed out', async () => {
    fakeFetch({ status: 401 });
    await expect(recordsQuery.read(recordsQuery.key())).resolves.toBeNull();
  });

  it.each([
    ['the day', () => tipsQuery.read(tipsQuery.key('today')), 'Failed to fetch tips'],
    ['the weekend', () => weekendQuery.read(weekendQuery.key()), 'Failed to fetch tips'],
    ['an analysis', () => analysisQuery.read(analysisQuery.key('5')), 'Failed to fetch the analysis'],
    ['the record', () => recordsQuery.read(recordsQuery.key()), 'Failed to fetch the record'],
  ])('a failure to read %s says so, with the status and body as its cause', async (_what, read, message) => {
    fakeFetch({ status: 502, body: 'bad gateway' });
    const failure = (await read().catch((error: unknown) => error)) as Error;
    expect(failure.message).toBe(message);
    expect((failure.cause as Error).message).toBe('502: bad gateway');
  });
});

describe('reading Dream11 teams', () => {
  it('gives the card of a fixture', async () => {
    const card = { fixtureId: 77 } as unknown as Dream11Card;
    const { sent } = fakeFetch({ status: 200, body: card });
    await expect(dream11CardQuery.read(dream11CardQuery.key('77'))).resolves.toEqual(card);
    expect(sent[0]!.path).toBe('/api/dream11/fixture/77');
  });

  it("a failure of the day's teams says so", async () => {
    fakeFetch({ status: 500, body: { message: 'model not ready' } });
    await expect(dream11DayQuery.read(dream11DayQuery.key('tomorrow'))).rejects.toThrow('Failed to fetch Dream11 teams');
    fakeFetch({ status: 404, body: { message: 'no such fixture' } });
    await expect(dream11CardQuery.read(dream11CardQuery.key('1'))).rejects.toThrow('Failed to fetch the team');
  });
});
