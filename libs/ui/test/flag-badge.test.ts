import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { palettes } from '../src/theme';
import { drawsFlagEmoji, FlagBadge, flagLetters } from '../src/flag-badge';

describe("a national team's flag", () => {
  it('spells its letters: a country by its two regional indicators, a UK nation by its tags', () => {
    expect(flagLetters('🇫🇷')).toBe('FR');
    expect(flagLetters('🇲🇽')).toBe('MX');
    expect(flagLetters('🏴\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}')).toBe('WLS');
    expect(flagLetters('🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}')).toBe('ENG');
  });

  it('is drawn as its emoji where there is no canvas to look at (the server, tests), named for screen readers', () => {
    expect(drawsFlagEmoji()).toBe(true);
    const html = renderToStaticMarkup(
      createElement(ThemeProvider, { theme: palettes.light }, createElement(FlagBadge, { flag: '🇲🇽', name: 'Mexico', size: 28 })),
    );
    expect(html).toMatch(/role="img" aria-label="Mexico flag" data-testid="flag"[^>]*>🇲🇽</);
  });
});
