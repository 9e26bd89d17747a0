/** Missing numeric values show as 0 (spec §5); numeric strings ('55%') are read without the percent sign (spec §9). */
export function num(value: number | string | null | undefined): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  const parsed = Number.parseFloat(value.replace('%', '').trim());
  return Number.isFinite(parsed) ? parsed : 0;
}

/**
 * Ratings are shown to one decimal (spec §5). A match without a rating (a source without per-player data) shows
 * "–", not 0.0: the ratings come from FPL's bonus points (docs/models.md "Player ratings"), and no data is not a bad
 * match.
 */
export function rating(value: number | string | null | undefined): string {
  return value === null || value === undefined || value === '' ? '–' : num(value).toFixed(1);
}

/** "Attendance 52,203" (thousands separated in any locale); null where the crowd is not known. */
export function attendanceText(value: number | null | undefined): string | null {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) return null;
  return `Attendance ${value.toLocaleString('en-GB')}`;
}

/** How the screens name the rating. */
export const RATING_LABEL = "Rating (from FPL's bonus points)";

/** Rating text (spec §9): average 7 or more 'excellent', 6 or more 'solid', else 'mixed'. */
export function ratingText(average: number): 'excellent' | 'solid' | 'mixed' {
  if (average >= 7) return 'excellent';
  if (average >= 6) return 'solid';
  return 'mixed';
}

/** Average minutes per appearance (spec §9): total minutes / appearances (at least 1), rounded. */
export function averageMinutes(totalMinutes: number, appearances: number): number {
  return Math.round(totalMinutes / Math.max(1, appearances));
}

/** Shares of two values in percent, 50/50 when both are 0 (spec §9). */
export function split(home: number, away: number): [number, number] {
  const total = home + away;
  if (total <= 0) return [50, 50];
  const homeShare = (home / total) * 100;
  return [homeShare, 100 - homeShare];
}
