import { useEffect } from 'react';
import { LiveAnnouncer, useLiveMatches, type AnnouncedFixture, type LiveState } from '@matchday/ui/live';
import { LiveScore } from './LiveScore';
import { setLiveScore } from './live-score-slot';

// the live cards' middle, from now on (live-score-slot.tsx)
setLiveScore(LiveScore);

/**
 * Home's part that needs the live client (`@matchday/ui/live`), in the chunk loaded after the first cards are drawn
 * (live-feed.tsx): the tab's live stream while `enabled`, its state given to Home, and the announcer of goals.
 */
export default function LiveFeedSource({
  enabled,
  onFeed,
  announce,
}: {
  enabled: boolean;
  onFeed: (feed: LiveState) => void;
  announce: readonly AnnouncedFixture[];
}) {
  const feed = useLiveMatches(enabled);
  useEffect(() => onFeed(feed), [feed, onFeed]);
  return <LiveAnnouncer fixtures={announce} />;
}
