import path from 'node:path';
import { parseFplSeason } from '../src/importers/sources/fpl';
import { ratingFromBps } from '../src/importers/sources/fpl-rating';
import { sharedData } from './import-helpers';

describe('ratings from FPL bonus points', () => {
  it('rises with bps, one decimal, between 3 and 10; none without minutes or bps', () => {
    expect(ratingFromBps(14, 90)).toBe(6.7);
    expect(ratingFromBps(31, 90)).toBe(7.9);
    expect(ratingFromBps(0, 90)).toBe(5.7);
    expect(ratingFromBps(97, 90)).toBe(10);
    expect(ratingFromBps(-60, 90)).toBe(3);
    expect(ratingFromBps(10, 0)).toBeNull();
    expect(ratingFromBps(null, 90)).toBeNull();
  });

  it('FPL 2024-25: appearances of 60+ minutes average between 6.4 and 7.0', () => {
    const season = parseFplSeason(path.dirname(sharedData('fpl', '2024-25', 'merged_gw.csv')), 2024);
    const full = season.playerMatches.filter((line) => line.minutes >= 60);
    const ratings = full.map((line) => line.rating);
    expect(ratings.every((r) => typeof r === 'number')).toBe(true);
    const mean = (ratings as number[]).reduce((a, b) => a + b, 0) / ratings.length;
    expect(full).toHaveLength(7820);
    expect(mean).toBeGreaterThanOrEqual(6.4);
    expect(mean).toBeLessThanOrEqual(7.0);
    // the measured value, as docs/models.md states it
    expect(mean.toFixed(2)).toBe('6.70');
    expect(season.playerMatches.filter((line) => line.minutes === 0).every((line) => line.rating === null)).toBe(true);
  });
});
