import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import type { Dream11Record } from '@matchday/contracts';
import { palettes } from '@matchday/ui';
import { Dream11RecordPanel } from '../src/features/dream11-predictions/components/Dream11RecordView';

const record = (figures: Partial<Dream11Record> = {}): Dream11Record => ({
  origin: 'backfill',
  label: 'computed afterwards from data before kick-off',
  matches: 120,
  modelAverage: 412.5,
  formAverage: 376,
  modelAhead: 71,
  recent: [
    {
      fixtureId: 9,
      match: 'Arsenal vs Chelsea',
      league: 'Premier League',
      kickoffAt: '2025-01-04T15:00:00Z',
      modelPoints: 455.5,
      formPoints: 398,
      captain: 'Bukayo Saka',
    },
  ],
  note: "The model's teams for the season's played matches were picked after the matches, from only what was known before each kick-off.",
  ...figures,
});

const render = (value: Dream11Record) =>
  renderToStaticMarkup(createElement(ThemeProvider, { theme: palettes.light }, createElement(Dream11RecordPanel, { record: value })));
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the Dream11 record on the Dream11 page', () => {
  it("shows the model's and the form pick's average points over the matches, labelled, with the latest matches", () => {
    const html = render(record());
    const shown = text(html);
    expect(shown).toContain('Teams computed afterwards from data before kick-off, 120 matches');
    expect(html).toMatch(/data-testid="dream11-record-model"[^>]*>412.5</);
    expect(html).toMatch(/data-testid="dream11-record-form"[^>]*>376.0</);
    expect(shown).toContain('71 of 120');
    expect(shown).toContain('Arsenal vs Chelsea');
    expect(shown).toContain('model 455.5, form pick 398.0, captain Bukayo Saka');
    expect(shown).toContain('from only what was known before each kick-off');
  });

  it('shows nothing before any match is scored', () => {
    expect(render(record({ matches: 0, modelAverage: null, formAverage: null, modelAhead: 0, recent: [] }))).toBe('');
  });
});
