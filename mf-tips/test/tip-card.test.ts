import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import type { TipCard as Tip } from '@matchday/contracts';
import { palettes } from '@matchday/ui';
import { TipCard } from '../src/features/betting-tips/components/TipCard';

const tip = (leagueId: number, homeTeam: string, awayTeam: string, flags: Pick<Tip, 'homeTeamFlag' | 'awayTeamFlag'> = {}): Tip => ({
  id: 1,
  fixtureId: 10,
  match: `${homeTeam} vs ${awayTeam}`,
  homeTeam,
  awayTeam,
  homeTeamLogo: null,
  awayTeamLogo: null,
  ...flags,
  league: leagueId === 1 ? 'World Cup' : 'Premier League',
  leagueId,
  kickoffAt: '2026-06-11T19:00:00.000Z',
  date: '2026-06-11',
  time: '19:00',
  tipType: 'Match Winner',
  market: 'home',
  prediction: `${homeTeam} to win`,
  confidence: 55.2,
  fairOdds: 1.81,
  odds: null,
  bookmaker: null,
  edge: null,
  analysis: 'The model rates the home side higher.',
  status: 'upcoming',
  madeAt: '2026-06-10T12:00:00.000Z',
  demo: false,
  origin: 'live',
});

const render = (card: Tip) =>
  renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(ThemeProvider, { theme: palettes.light }, createElement(TipCard, { tip: card, analysisHref: '/betting-tips/10' })),
    ),
  );

describe('a tip card', () => {
  it("draws a national team's flag, as the tip carries it, in its badge's place at the World Cup", () => {
    const html = render(tip(1, 'Mexico', 'South Africa', { homeTeamFlag: '🇲🇽', awayTeamFlag: '🇿🇦' }));
    expect(html).toContain('aria-label="Mexico flag"');
    expect(html).toContain('aria-label="South Africa flag"');
    expect(html).toContain('🇲🇽');
    expect(html).toContain('🇿🇦');
  });

  it("draws a club's logo or initials, never a flag, in a club competition", () => {
    const html = render(tip(39, 'Liverpool', 'Arsenal'));
    expect(html).toContain('Liverpool');
    expect(html).not.toContain('data-testid="flag"');
    expect(html).not.toMatch(/ flag"/);
  });
});
