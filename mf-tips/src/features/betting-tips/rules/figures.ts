import type { RecordPart, TipCard } from '@matchday/contracts';

/** The model's edge over the bookmaker's price, signed, in percent to one decimal ("+4.2%"); "–" without a price. */
export function edgeText(edge: number | null): string {
  if (edge === null) return '–';
  return `${edge >= 0 ? '+' : ''}${(edge * 100).toFixed(1)}%`;
}

/** A tip's full analysis, opened from the tab it was listed on (back returns there). */
export function analysisHref(tip: Pick<TipCard, 'fixtureId'>, tab: string): string {
  return `/betting-tips?tab=${encodeURIComponent(tab)}&fixture=${tip.fixtureId}`;
}

/** A signed percentage of profit per unit staked ("+3.4%"); "–" without priced graded tips. */
export function roiText(roi: number | null): string {
  return roi === null ? '–' : `${roi >= 0 ? '+' : ''}${(roi * 100).toFixed(1)}%`;
}

/** The heading of one kind of record: "Tips frozen before kick-off", "Tips computed afterwards from data before kick-off". */
export function partTitle(part: Pick<RecordPart, 'label'>): string {
  return `Tips ${part.label}`;
}
