import { normalizeSearchText, searchTerms } from '../src/domain/search';
import { prefixUpperBound } from '../src/modules/search/prefix';

describe('search normalisation', () => {
  it.each([
    ['Kylian Mbappé', 'kylian mbappe'],
    ['ATLÉTICO MADRID', 'atletico madrid'],
    ['Martin Ødegaard', 'martin odegaard'],
    ['İlkay Gündoğan', 'ilkay gundogan'],
    ['Wojciech Szczęsny', 'wojciech szczesny'],
    ['Łukasz Fabiański', 'lukasz fabianski'],
    ['Thomas Müller', 'thomas muller'],
    ["N'Golo Kanté", 'ngolo kante'],
    ['Saint-Étienne', 'saint etienne'],
    ['  Manchester   City ', 'manchester city'],
    ['Straße', 'strasse'],
  ])('%s -> %s', (name, expected) => {
    expect(normalizeSearchText(name)).toBe(expected);
  });

  it('keeps % and _ as ordinary characters', () => {
    expect(normalizeSearchText('100% Under_Score')).toBe('100% under_score');
  });

  it('indexes a name from each of its words on, deduplicated over several spellings', () => {
    expect(searchTerms('Manchester City')).toEqual(['manchester city', 'city']);
    expect(searchTerms('Erling Haaland', 'Erling Braut Haaland')).toEqual([
      'erling haaland',
      'haaland',
      'erling braut haaland',
      'braut haaland',
    ]);
    expect(searchTerms('Club Atlético de Madrid')).toContain('atletico de madrid');
    expect(searchTerms(null, undefined, '   ')).toEqual([]);
  });

  it('an upper bound admits exactly the strings that start with the prefix', () => {
    const prefix = 'city';
    const upper = prefixUpperBound(prefix);
    expect(upper).toBe('citz');
    const inRange = (t: string) => t >= prefix && t < upper;
    expect(['city', 'city of london', 'cityz', 'city\u{10FFFF}'].every(inRange)).toBe(true);
    expect(['cit', 'citz', 'civ', 'ciry', 'manchester city'].some(inRange)).toBe(false);
    expect(prefixUpperBound('a%')).toBe('a&');
    expect(prefixUpperBound('a\u{D7FF}')).toBe('a\u{E000}');
  });
});
