/** Spec §4: premium while freeAccessUntil is in the future. */
export function isPremium(freeAccessUntil: string | null | undefined, now: Date = new Date()): boolean {
  return !!freeAccessUntil && Date.parse(freeAccessUntil) > now.getTime();
}
