import { apiSend } from '@matchday/ui';
import { apiQuery } from '@matchday/ui/unshared';
import type { PersonalCalendar } from '@matchday/contracts';

export const CALENDAR_URL = '/api/user/calendar';

/** GET /api/user/calendar: the https URL of the signed-in user's "my follows" feed. */
export const calendarQuery = apiQuery<[], PersonalCalendar>(() => CALENDAR_URL, 'Failed to load your calendar link');

/** POST /api/user/calendar/rotate: a new feed URL; the old one stops working at once. */
export function rotateCalendar(): Promise<PersonalCalendar> {
  return apiSend<PersonalCalendar>('POST', `${CALENDAR_URL}/rotate`);
}
