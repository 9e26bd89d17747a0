/** A date with the month written out ("22 December 2026"): premium end, referral joined. */
export function fullDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}
