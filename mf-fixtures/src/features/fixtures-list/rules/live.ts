import type { Fixture } from '@matchday/contracts';
import type { LiveEntry } from '@matchday/ui/live';

/**
 * The Live tab's fixtures (issue 22 §5): those the live feed has (being played, or seen finishing here, so a card
 * that reaches full time stays in place), and those the list says are live while the feed has not been heard yet.
 */
export function inLiveTab(fixture: Fixture, entry: LiveEntry | undefined): boolean {
  return entry !== undefined || fixture.status === 'live';
}
