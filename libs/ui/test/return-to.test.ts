import { safeReturnPath } from '../src/return-to';

const ORIGIN = 'http://localhost:8080';
const FALLBACK = '/standings?leagueId=39&season=2026';

describe('safeReturnPath (open redirect in returnTo)', () => {
  it.each([
    '/\\evil.example', // what /%5Cevil.example decodes to: the browser reads it as //evil.example
    '//evil.example',
    '/\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/.//evil.example',
    '/%2e//evil.example',
    'https://evil.example/standings',
    'javascript:alert(1)',
    'standings',
    '',
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value, FALLBACK, ORIGIN)).toBe(FALLBACK);
  });

  it('refuses a missing value', () => {
    expect(safeReturnPath(null, FALLBACK, ORIGIN)).toBe(FALLBACK);
    expect(safeReturnPath(undefined, '/', ORIGIN)).toBe('/');
  });

  it.each([
    ['/standings?leagueId=39&season=2026', '/standings?leagueId=39&season=2026'],
    ['/team-stats/33/39/2026?tab=home#form', '/team-stats/33/39/2026?tab=home#form'],
    ['/fixtures/../standings', '/standings'],
    ['/', '/'],
  ])('keeps the same-origin path %j', (value, expected) => {
    expect(safeReturnPath(value, FALLBACK, ORIGIN)).toBe(expected);
  });

  it('every accepted value resolves to this origin', () => {
    for (const value of ['/a', '/a/b?c=d', '/%5Cx', '/a\\b']) {
      const path = safeReturnPath(value, FALLBACK, ORIGIN);
      expect(new URL(path, ORIGIN).origin).toBe(ORIGIN);
      expect(path).toMatch(/^\/(?![/\\])/);
    }
  });
});
