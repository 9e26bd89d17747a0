import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import type { Fixture } from '@matchday/contracts';
import { palettes } from '@matchday/ui';
import { FixtureCard } from '../src/features/fixtures-list/components/FixtureCard';

/**
 * Home's card as React renders it (server-side: the remotes' tests run without a DOM): a national team wears the
 * flag the API sends in its badge's place, named for assistive technology; a club keeps its logo or initials.
 */

const OPENER: Fixture = {
  id: 1001,
  homeTeam: 'Mexico',
  awayTeam: 'South Africa',
  homeTeamId: 11,
  awayTeamId: 12,
  homeTeamLogo: null,
  awayTeamLogo: null,
  homeTeamFlag: '🇲🇽',
  awayTeamFlag: '🇿🇦',
  leagueId: 1,
  leagueName: 'World Cup',
  leagueColor: '#9f1239',
  season: 2026,
  eventDate: '2026-06-11T19:00:00.000Z',
  venue: 'Estadio Azteca',
  venueCity: 'Mexico City',
  round: 'Group A',
  status: 'scheduled',
  goalsHome: null,
  goalsAway: null,
};

const render = (fixture: Fixture) =>
  renderToStaticMarkup(
    createElement(
      ThemeProvider,
      { theme: palettes.light },
      createElement(MemoryRouter, null, createElement(FixtureCard, { fixture, tab: 'today', spoilerHidden: false })),
    ),
  );

/** The badges in the card's teams link, in order, as "<what shows> <its accessible name>": a flag or a club's initials. */
function badges(html: string): string[] {
  const teams = /data-testid="squad-link"[^>]*>(.*?)<\/a>/.exec(html)![1]!;
  return [...teams.matchAll(/<span[^>]*aria-label="([^"]+)"[^>]*>([^<]+)<\/span>/g)].map((m) => `${m[2]} ${m[1]}`);
}

describe("Home's fixture card", () => {
  it('shows a national team’s flag from the API in place of its badge, with its name', () => {
    const html = render(OPENER);
    expect(badges(html)).toEqual(['🇲🇽 Mexico flag', '🇿🇦 South Africa flag']);
    expect(html).toContain('role="img"');
    expect(html).toContain('>Mexico</span>');
    expect(html).toContain('>South Africa</span>');
  });

  it('keeps the initials of a club (no flag sent), also beside a nation', () => {
    const clubs = render({ ...OPENER, homeTeam: 'Liverpool', awayTeam: 'Bournemouth', homeTeamFlag: undefined, awayTeamFlag: undefined });
    expect(clubs).not.toContain('data-testid="flag"');
    expect(badges(clubs)).toEqual(['LI Liverpool logo', 'BO Bournemouth logo']);
    expect(badges(render({ ...OPENER, awayTeam: 'Bournemouth', awayTeamFlag: undefined }))).toEqual([
      '🇲🇽 Mexico flag',
      'BO Bournemouth logo',
    ]);
  });
});
