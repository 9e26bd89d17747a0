/** Premium time a referral grants, to the referrer and to the referred user alike (spec §9). */
export const REFERRAL_PREMIUM_MONTHS = 1;

/**
 * One calendar month later in UTC, clamped to the end of a shorter month
 * (31 Jan -> 28/29 Feb, 31 Mar -> 30 Apr), to the whole second (what MySQL DATETIME keeps).
 */
export function addMonthsUtc(from: Date, months: number): Date {
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(from.getUTCDate(), lastDay);
  return new Date(Date.UTC(year, month, day, from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds()));
}

/** The new end of premium: one month added to max(now, current end). */
export function extendPremium(current: Date | null, now: Date): Date {
  const base = current && current.getTime() > now.getTime() ? current : now;
  return addMonthsUtc(base, REFERRAL_PREMIUM_MONTHS);
}
