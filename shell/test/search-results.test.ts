import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import type { SearchPlayer, SearchResults } from '@matchday/contracts';
import { palettes } from '@matchday/ui';
import { SearchResultsList } from '../src/search/SearchResultsList';

const player = (id: number, name: string, teamName: string | null, teamFlag?: string, knownAs: string | null = null): SearchPlayer => ({
  id,
  name,
  knownAs,
  photo: null,
  teamName,
  ...(teamFlag ? { teamFlag } : {}),
  leagueId: 1,
  season: 2026,
});

const render = (players: SearchPlayer[]) => {
  const results: SearchResults = { query: 'x', teams: [], players, leagues: [] };
  return renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(ThemeProvider, { theme: palettes.light }, createElement(SearchResultsList, { results })),
    ),
  );
};
const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('search results: a player and his team', () => {
  it("shows a national team's player's team with its flag beside its name", () => {
    const html = render([player(7, 'Zacarías Probador', 'Mexico', '🇲🇽')]);
    expect(html).toContain('aria-label="Mexico flag"');
    expect(text(html)).toContain('Zacarías Probador🇲🇽 Mexico');
  });

  it("shows a club's player's team by its name alone, after the name fans know him by", () => {
    const html = render([player(8, 'Carlos Henrique Casimiro', 'Manchester United', undefined, 'Casemiro')]);
    expect(html).not.toContain('data-testid="flag"');
    expect(text(html)).toContain('known as Casemiro · Manchester United');
  });
});
