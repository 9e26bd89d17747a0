import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import type { NextDay } from '@matchday/contracts';
import { palettes } from '@matchday/ui';
import { EmptyDay, nextDayLink, nextDayText } from '../src/lib/next-day';

const next = (tab: NextDay['tab'], matches = 8): NextDay => ({ date: '2024-12-07', kickoffAt: '2024-12-07T12:30:00.000Z', matches, tab });

const render = (element: ReturnType<typeof createElement>) =>
  renderToStaticMarkup(createElement(ThemeProvider, { theme: palettes.light }, createElement(MemoryRouter, null, element)));

describe('an empty day names the next one', () => {
  it('with its first kick-off in the cards style and its number of matches', () => {
    expect(nextDayText(next(null), new Date('2024-11-20T10:00:00Z'))).toMatch(/^Next: Sat 7 Dec, \d\d:\d\d · 8 matches$/);
    expect(nextDayText(next('tomorrow', 1), new Date('2024-12-06T10:00:00Z'))).toMatch(/^Next: Tomorrow, \d\d:\d\d · 1 match$/);
  });

  it("links to the tab that shows it: tomorrow's, the Weekend Special for tips, none further ahead", () => {
    expect(nextDayLink(next('tomorrow'), 'betting-tips')).toEqual({ href: '/betting-tips?tab=tomorrow', label: "Tomorrow's Tips" });
    expect(nextDayLink(next('weekend'), 'betting-tips')).toEqual({ href: '/betting-tips?tab=weekend', label: 'Weekend Special' });
    expect(nextDayLink(next('tomorrow'), 'dream11-predictions')).toEqual({
      href: '/dream11-predictions?tab=tomorrow',
      label: "Tomorrow's Picks",
    });
    // Dream11 has no weekend tab, and a day further ahead has no tab at all
    expect(nextDayLink(next('weekend'), 'dream11-predictions')).toBeNull();
    expect(nextDayLink(next(null), 'betting-tips')).toBeNull();
  });

  it('renders the title, the next day and the link; without a next day, the message alone', () => {
    const props = { title: 'No tips for this day', message: 'There are no fixtures to tip on this day.', screen: 'betting-tips' as const };
    const html = render(createElement(EmptyDay, { ...props, next: next('weekend') }));
    expect(html).toContain('No tips for this day');
    expect(html).toMatch(/Next: [^<]+ · 8 matches/);
    const link = /<a [^>]*data-testid="next-day-link"[^>]*>([^<]*)<\/a>/.exec(html);
    expect(link?.[0]).toContain('href="/betting-tips?tab=weekend"');
    expect(link?.[1]).toBe('Weekend Special →');
    const far = render(createElement(EmptyDay, { ...props, next: next(null) }));
    expect(far).toMatch(/Next: [^<]+ · 8 matches/);
    expect(far).not.toContain('next-day-link');
    const none = render(createElement(EmptyDay, { ...props, next: undefined }));
    expect(none).toContain('There are no fixtures to tip on this day.');
    expect(none).not.toContain('Next:');
  });
});
