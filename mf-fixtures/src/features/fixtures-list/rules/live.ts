import type { Fixture } from '@matchday/contracts';
import type { LiveEntry, LiveState } from '@matchday/ui/live';

/**
 * The Live tab's fixtures: those the live feed has (being played, or seen finishing here, so a card
 * that reaches full time stays in place), and those the list says are live while the feed has not been heard yet.
 */
export function inLiveTab(fixture: Fixture, entry: LiveEntry | undefined): boolean {
  return entry !== undefined || fixture.status === 'live';
}

/**
 * A card's live props: its entry, and the tab's live state only for a card that shows a live score. A card of a
 * match that is not being played gets no state, so its memo holds while the stream connects and brings news of
 * other matches (Home's cards are not all drawn again at each message).
 */
export function liveProps(fixture: Fixture, feed: LiveState | undefined): { live: LiveEntry | undefined; feed: LiveState | undefined } {
  const live = feed?.matches.get(fixture.id);
  return { live, feed: feed && inLiveTab(fixture, live) ? feed : undefined };
}
