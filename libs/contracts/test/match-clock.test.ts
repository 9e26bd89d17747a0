import { matchClock } from '../src/live';

const minutes = (n: number) => n * 60_000;

describe('matchClock: the one match clock of the server and the pages', () => {
  it('runs a period from its first minute, a minute at a time, into stoppage time past its last minute', () => {
    expect(matchClock('1H', '1', 0, minutes(0.5))).toBe('1');
    expect(matchClock('1H', '1', 0, minutes(43.9))).toBe('44');
    expect(matchClock('1H', '1', 0, minutes(45.2))).toBe('45+1');
    expect(matchClock('2H', '46', 0, minutes(48))).toBe('90+4');
    expect(matchClock('ET1', '91', 0, minutes(16))).toBe('105+2');
    expect(matchClock('ET2', '106', 0, minutes(3))).toBe('109');
  });

  it('runs on a label it gave before, stoppage included, to the same minute as from the period start', () => {
    const start = Date.parse('2022-12-18T16:02:00Z');
    for (const later of [minutes(25), minutes(44.5), minutes(47.2)]) {
      const shownAt = start + minutes(20.4);
      const shown = matchClock('2H', '46', start, shownAt);
      // a page that got `shown` at `shownAt` moves by whole minutes from then, so it may be one behind, never ahead
      const page = matchClock('2H', shown, shownAt, start + later);
      const server = matchClock('2H', '46', start, start + later);
      const asNumber = (label: string) => label.split('+').reduce((sum, part) => sum + Number(part), 0);
      expect(asNumber(server) - asNumber(page)).toBeGreaterThanOrEqual(0);
      expect(asNumber(server) - asNumber(page)).toBeLessThanOrEqual(1);
    }
    expect(matchClock('2H', '90+2', 0, minutes(1))).toBe('90+3');
  });

  it('leaves labels that do not run as they are, and never runs backwards', () => {
    for (const [period, label] of [
      ['HT', 'HT'],
      ['BT', 'ET'],
      ['ETHT', 'ET'],
      ['PEN', 'Pens'],
      ['FT', 'FT'],
    ] as const) {
      expect(matchClock(period, label, 0, minutes(500))).toBe(label);
    }
    expect(matchClock('1H', '30', minutes(10), minutes(5))).toBe('30');
  });
});
