import { dateFormat } from '@matchday/ui';

/** A date with the month written out ("22 December 2026"): premium end, referral joined. */
export const fullDate: (iso: string) => string = dateFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
