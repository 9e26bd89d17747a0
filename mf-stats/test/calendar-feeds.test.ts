import { calendarLinks } from '@matchday/ui/unshared';
import { feedFileName, leagueFeedPath, teamFeedPath } from '../src/lib/calendar-feeds';

describe('the public calendar feeds of the team and league pages', () => {
  it('are the paths the football service serves', () => {
    expect(teamFeedPath(42)).toBe('/api/calendar/team/42.ics');
    expect(leagueFeedPath('39', 2024)).toBe('/api/calendar/league/39/2024.ics');
  });

  it("become subscribe links on the page's origin", () => {
    const links = calendarLinks(leagueFeedPath(39, 2024), 'https://matchday.app');
    expect(links.feed).toBe('https://matchday.app/api/calendar/league/39/2024.ics');
    expect(links.webcal).toBe('webcal://matchday.app/api/calendar/league/39/2024.ics');
    expect(new URL(links.google).searchParams.get('cid')).toBe('webcal://matchday.app/api/calendar/league/39/2024.ics');
  });

  it('save a download under a name made of the letters and digits of whose matches they are', () => {
    expect(feedFileName('Brighton & Hove Albion')).toBe('brighton-hove-albion-matches.ics');
    expect(feedFileName('Atlético Madrid')).toBe('atletico-madrid-matches.ics');
    expect(feedFileName('Premier League 2024-25')).toBe('premier-league-2024-25-matches.ics');
    expect(feedFileName('***')).toBe('matchday-matches.ics');
  });
});
