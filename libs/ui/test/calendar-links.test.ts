import { calendarLinks } from '../src/calendar-links';

describe('calendar links of a feed', () => {
  const feedUrl = 'https://matchday.app/api/calendar/me/Ab-_12xY.ics';

  it('keeps the https feed and gives its webcal form, the same after the scheme', () => {
    const links = calendarLinks(feedUrl);
    expect(links.feed).toBe(feedUrl);
    expect(links.webcal).toBe('webcal://matchday.app/api/calendar/me/Ab-_12xY.ics');
  });

  it("gives Google Calendar's add-by-URL page with the webcal URL encoded as cid", () => {
    const { google } = calendarLinks('https://matchday.app/api/calendar/team/33.ics?season=2024&spoilers=0');
    expect(google).toBe(
      'https://calendar.google.com/calendar/render?cid=webcal%3A%2F%2Fmatchday.app%2Fapi%2Fcalendar%2Fteam%2F33.ics%3Fseason%3D2024%26spoilers%3D0',
    );
    // what Google reads back is the webcal URL, query string included
    expect(new URL(google).searchParams.get('cid')).toBe('webcal://matchday.app/api/calendar/team/33.ics?season=2024&spoilers=0');
  });

  it('resolves a path against the page origin (team and league feeds) and keeps a port', () => {
    const links = calendarLinks('/api/calendar/league/39.ics', 'http://localhost:8080/league/39');
    expect(links.feed).toBe('http://localhost:8080/api/calendar/league/39.ics');
    expect(links.webcal).toBe('webcal://localhost:8080/api/calendar/league/39.ics');
  });

  it('refuses what no calendar app can subscribe to', () => {
    expect(() => calendarLinks('/api/calendar/league/39.ics')).toThrow('Not a calendar feed URL');
    expect(() => calendarLinks('javascript:alert(1)')).toThrow('Not a calendar feed URL');
    expect(() => calendarLinks('webcal://matchday.app/x.ics')).toThrow('Not a calendar feed URL');
  });
});
