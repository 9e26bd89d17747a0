import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import type { RecordPart, RecordSummary } from '@matchday/contracts';
import { palettes } from '@matchday/ui';
import { RecordList, RecordView } from '../src/features/betting-tips/components/RecordView';

const part = (origin: RecordPart['origin'], figures: Partial<RecordPart> = {}): RecordPart => ({
  origin,
  label: origin === 'live' ? 'frozen before kick-off' : 'computed afterwards from data before kick-off',
  tips: 0,
  graded: 0,
  won: 0,
  lost: 0,
  pushed: 0,
  hitRate: null,
  roi: null,
  withOdds: 0,
  modelRps: null,
  bookmakerRps: null,
  rpsMatches: 0,
  calibration: [],
  ...figures,
});

const record = (parts: RecordPart[], leagueId = 39, league = 'Premier League'): RecordSummary => ({
  leagueId,
  league,
  ...parts[0]!,
  recent: [],
  parts,
  note: 'Frozen tips were stored before their kick-off; backfilled tips were computed after the matches.',
});

const render = (summary: RecordSummary) =>
  renderToStaticMarkup(createElement(ThemeProvider, { theme: palettes.light }, createElement(RecordView, { record: summary })));
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the track record of a league', () => {
  it('shows the live and the backfilled tips apart, each with its count, hit rate, ROI and RPS, and the sentence on the difference', () => {
    const html = render(
      record([
        part('live', { tips: 4 }),
        part('backfill', {
          tips: 140,
          graded: 140,
          won: 70,
          lost: 68,
          pushed: 2,
          hitRate: 0.5072,
          roi: -0.031,
          withOdds: 138,
          modelRps: 0.2034,
          bookmakerRps: 0.2011,
          rpsMatches: 140,
        }),
      ]),
    );
    const shown = text(html);
    expect(shown).toContain('Tips frozen before kick-off');
    expect(shown).toContain('Tips computed afterwards from data before kick-off');
    expect(html).toMatch(/data-testid="record-tips"[^>]*>4</);
    expect(html).toMatch(/data-testid="record-backfill-tips"[^>]*>140</);
    expect(html).toMatch(/data-testid="record-backfill-hit-rate"[^>]*>50.7%</);
    expect(shown).toContain('-3.1%');
    expect(shown).toContain('0.203');
    expect(shown).toContain('0.201');
    expect(shown).toContain('Won 70, lost 68, push 2');
    expect(shown).toContain('No graded tips yet');
    expect(html).toMatch(/data-testid="record-note"[^>]*>Frozen tips were stored before their kick-off/);
  });

  it('without backfilled tips shows the live record alone, without the sentence', () => {
    const html = render(record([part('live', { tips: 2 }), part('backfill')]));
    expect(text(html)).toContain('Tips frozen before kick-off');
    expect(html).not.toContain('record-backfill');
    expect(html).not.toContain('record-note');
  });
});

describe('the RPS line', () => {
  it('is left out when no graded match had bookmaker prices, and the won and lost counts stay', () => {
    const shown = text(render(record([part('live', { tips: 3, graded: 3, won: 2, lost: 1, hitRate: 0.6667 }), part('backfill')])));
    expect(shown).toContain('Won 2, lost 1.');
    expect(shown).not.toContain('RPS (lower is better)');
    expect(shown).not.toContain('graded matches');
  });

  it('names how many graded matches it is on when there are some', () => {
    const shown = text(render(record([part('live', { tips: 3, graded: 3, won: 2, lost: 1, rpsMatches: 2 }), part('backfill')])));
    expect(shown).toContain('Won 2, lost 1. RPS (lower is better) on the 2 graded matches with bookmaker prices.');
  });
});

describe('the records of every league', () => {
  const backfilled = (leagueId: number, league: string) =>
    record([part('live'), part('backfill', { tips: 30, graded: 30, won: 15, lost: 15, hitRate: 0.5 })], leagueId, league);
  const renderList = (records: RecordSummary[]) =>
    renderToStaticMarkup(createElement(ThemeProvider, { theme: palettes.light }, createElement(RecordList, { records })));

  it('say once, above the leagues, how frozen and backfilled tips differ, and keep the order they came in', () => {
    const html = renderList([backfilled(323, 'Indian Super League'), backfilled(39, 'Premier League'), backfilled(2, 'Champions League')]);
    expect(html.match(/data-testid="record-note"/g)).toHaveLength(1);
    expect(html.match(/Frozen tips were stored before their kick-off/g)).toHaveLength(1);
    expect(html.indexOf('record-note')).toBeLessThan(html.indexOf('Indian Super League'));
    const leagues = [...html.matchAll(/<h3[^>]*>([^<]+)</g)].map((m) => m[1]);
    expect(leagues).toEqual(['Indian Super League', 'Premier League', 'Champions League']);
  });

  it('leave the sentence out when no league has backfilled tips', () => {
    const html = renderList([record([part('live', { tips: 2 }), part('backfill')])]);
    expect(html).toContain('Tips frozen before kick-off');
    expect(html).not.toContain('record-note');
  });
});

describe('the record of a service from before the backfill', () => {
  it('shows its top-level figures as the live record', () => {
    const { parts: _parts, note: _note, ...old } = record([part('live', { tips: 40, graded: 30, won: 18, lost: 11, hitRate: 0.6207 })]);
    const html = render(old);
    expect(html).toMatch(/data-testid="record-tips"[^>]*>40</);
    expect(html).toMatch(/data-testid="record-hit-rate"[^>]*>62.1%</);
    expect(html).not.toContain('record-note');
  });
});
