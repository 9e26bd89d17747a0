import { useApiQuery } from '@matchday/ui/unshared';
import { calendarQuery } from './calendar';

/** The signed-in user's personal feed (Settings asks only when signed in). */
export function usePersonalCalendar() {
  return useApiQuery(calendarQuery, []);
}
