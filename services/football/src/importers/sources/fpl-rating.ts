/**
 * A player's rating of one match from FPL's bonus points system (bps), out of 10 to one decimal:
 * rating = clamp(6.7 + (bps − 14.4) × 0.07, 3, 10). 14.4 is the mean bps of 60+ minute appearances in FPL
 * 2024-25 (sd 12.1), so such an appearance averages about 6.7; one sd either side is about ±0.85, and the
 * scale reaches 10 at bps 62 (a hat-trick, a clean sheet and an assist) and 3 at bps −39. A player who did not
 * play has no rating (null), nor has a line without bps. docs/models.md "Player ratings" has the measured mean.
 */
export const RATING_CENTRE = 6.7;
export const RATING_BPS_MEAN = 14.4;
export const RATING_PER_BPS = 0.07;

export function ratingFromBps(bps: number | null | undefined, minutes: number): number | null {
  if (bps === null || bps === undefined || !Number.isFinite(bps) || minutes <= 0) return null;
  const rating = RATING_CENTRE + (bps - RATING_BPS_MEAN) * RATING_PER_BPS;
  return Math.round(Math.min(10, Math.max(3, rating)) * 10) / 10;
}
