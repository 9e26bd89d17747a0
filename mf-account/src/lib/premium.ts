/** Spec §4: premium while freeAccessUntil is in the future. */
export function isPremium(freeAccessUntil: string | null | undefined, now: Date = new Date()): boolean {
  return !!freeAccessUntil && Date.parse(freeAccessUntil) > now.getTime();
}

/** "22 December 2026" */
export function longDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}
