import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import type { MatchEvent } from '@matchday/contracts';
import { palettes } from '@matchday/ui';
import MatchTimeline from '../src/features/fixture-stats/components/MatchTimeline';
import { BOU, ev, goal, LIV, LIV_BOU } from './support/match-events';

/**
 * The match page's timeline as React renders it (server-side: the remotes' tests run without a DOM): a card and a
 * substitution show in their rows with minute, side and player, between the goals at their minutes.
 */

/** Each row's test id and its text, in the order drawn. */
function rowsOf(html: string): Array<[string, string]> {
  return [...html.matchAll(/<li[^>]*data-testid="([^"]+)"[^>]*>(.*?)<\/li>/g)].map((m) => [m[1]!, m[2]!.replace(/<[^>]+>/g, '')]);
}

const render = (events: MatchEvent[], scoreHidden = false) =>
  renderToStaticMarkup(
    createElement(
      ThemeProvider,
      { theme: palettes.light },
      createElement(MatchTimeline, { events, teams: LIV_BOU, penalties: null, scoreHidden }),
    ),
  );

const EVENTS = [
  ev('kick-off', { homeScore: 0, awayScore: 0 }),
  goal(37, LIV, 'Hugo Ekitike', 1, 0),
  ev('yellow-card', { minute: 43, teamId: LIV, player: 'Milos Kerkez' }),
  ev('half-time', { homeScore: 1, awayScore: 0 }),
  ev('second-half', { homeScore: 1, awayScore: 0 }),
  ev('substitution', { minute: 60, teamId: LIV, player: 'Andy Robertson', playerOff: 'Milos Kerkez' }),
  goal(64, BOU, 'Antoine Semenyo', 1, 1),
  ev('substitution', { minute: 90, stoppage: 1, teamId: BOU, player: 'Eli Junior Kroupi', playerOff: 'Tyler Adams' }),
  ev('full-time', { homeScore: 1, awayScore: 1 }),
];

describe('the match timeline, rendered', () => {
  it('draws a card and a substitution at their minutes between the goals, with side and player', () => {
    expect(rowsOf(render(EVENTS))).toEqual([
      ['timeline-kick-off', 'Kick-off'],
      ['timeline-goal', '37′Goal · Liverpool · Hugo Ekitike1–0'],
      ['timeline-yellow-card', '43′Yellow card · Liverpool · Milos Kerkez'],
      ['timeline-half-time', 'HTHalf-time1–0'],
      ['timeline-second-half', 'Second half'],
      ['timeline-substitution', '60′Substitution · Liverpool · Andy Robertson on for Milos Kerkez'],
      ['timeline-goal', '64′Goal · Bournemouth · Antoine Semenyo1–1'],
      ['timeline-substitution', '90+1′Substitution · Bournemouth · Eli Junior Kroupi on for Tyler Adams'],
      ['timeline-full-time', 'FTFull-time1–1'],
    ]);
  });

  it('spoiler-free, score not revealed: no card or substitution either', () => {
    expect(rowsOf(render(EVENTS, true)).map(([id]) => id)).toEqual([
      'timeline-kick-off',
      'timeline-half-time',
      'timeline-second-half',
      'timeline-full-time',
    ]);
  });
});
