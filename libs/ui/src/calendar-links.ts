/**
 * The links that put a calendar feed (.ics) into a calendar app: Settings' personal "my follows" feed and the
 * public team and league feeds ("Add to calendar"). One rule for every screen that offers a feed.
 */
export interface CalendarLinks {
  /** The feed itself (http(s)): "Download .ics", and what a calendar app that is given a URL fetches. */
  feed: string;
  /** The same URL with the webcal:// scheme: Apple Calendar and Outlook open it as a subscription. */
  webcal: string;
  /** Google Calendar's "add by URL" page for the webcal form (Google refreshes it every 8-24 hours). */
  google: string;
}

export const GOOGLE_CALENDAR_ADD_URL = 'https://calendar.google.com/calendar/render?cid=';

/**
 * The links of a feed. `feedUrl` may be a path (`/api/calendar/team/1.ics`) when `base` (the page's origin) is
 * given; anything that is not http(s) once resolved is refused, since no calendar app could subscribe to it.
 */
export function calendarLinks(feedUrl: string, base?: string): CalendarLinks {
  let url: URL;
  try {
    url = new URL(feedUrl, base);
  } catch {
    throw new Error(`Not a calendar feed URL: ${feedUrl}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`Not a calendar feed URL: ${feedUrl}`);
  const feed = url.href;
  const webcal = `webcal:${feed.slice(url.protocol.length)}`;
  return { feed, webcal, google: `${GOOGLE_CALENDAR_ADD_URL}${encodeURIComponent(webcal)}` };
}
