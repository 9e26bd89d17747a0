import { inferYear, utcDay } from '../src/importers/dates';

/** The server's date helpers (importers/dates.ts), the one place the importers, the replay and the poller take them from. */
describe('importers/dates', () => {
  it('utcDay: the UTC calendar day of a Date or of epoch ms, whatever the local zone', () => {
    expect(utcDay(new Date('2023-12-01T23:59:59.999Z'))).toBe('2023-12-01');
    expect(utcDay(Date.parse('2023-12-02T00:00:00Z'))).toBe('2023-12-02');
    expect(utcDay(Date.parse('2024-03-31T00:30:00+01:00'))).toBe('2024-03-30');
  });

  it("inferYear: the one of the season's two years on which that day is that weekday, else none", () => {
    // Sat 16 Sep 2023 (season 2023-24); Sat 3 Feb 2024
    expect(inferYear(2023, 9, 16, 6)).toBe(2023);
    expect(inferYear(2023, 2, 3, 6)).toBe(2024);
    // 16 Sep is a Saturday in neither year for a Tuesday
    expect(inferYear(2023, 9, 16, 2)).toBeNull();
    // 29 Feb exists in 2024 only (a Thursday)
    expect(inferYear(2023, 2, 29, 4)).toBe(2024);
  });
});
