import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { AnnouncedFixture, LiveState } from '@matchday/ui/live';
import { INITIAL_LIVE_STATE } from '@matchday/ui/unshared';

const LiveFeedSource = lazy(() => import(/* webpackChunkName: "live" */ './LiveFeedSource'));

/** The stream's state as Home's first cards are drawn, before the live client is here: opening, nothing heard yet. */
export const OPENING_FEED: LiveState = { ...INITIAL_LIVE_STATE, connection: 'connecting' };

/**
 * How long after the first cards are painted the live client is asked for: the first screen's images and reads have
 * the network to themselves, and the stream opens about when it would have had it opened with the list.
 */
const AFTER_PAINT_MS = 1000;

/**
 * Home's live feed. The live client (`@matchday/ui/live`, about 4 KB gzip, and the stream) is loaded only when the
 * list may show a live match (`wanted`), once the first cards are on screen (`drawn`): until it is here Home has
 * OPENING_FEED, and a live card draws the box LiveScore draws while the stream opens (live-score-slot.tsx). Returns
 * the feed and what draws the live parts (the announcer of the goals of the fixtures given, once loaded).
 */
export function useLiveFeed(wanted: boolean, drawn: boolean): [LiveState, (announce: readonly AnnouncedFixture[]) => ReactNode] {
  const [feed, setFeed] = useState<LiveState>();
  const [load, setLoad] = useState(false);
  useEffect(() => {
    if (!wanted || !drawn || load) return undefined;
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setLoad(true), AFTER_PAINT_MS);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [wanted, drawn, load]);
  const parts = (announce: readonly AnnouncedFixture[]) =>
    load && (
      <Suspense fallback={null}>
        <LiveFeedSource enabled={wanted} onFeed={setFeed} announce={announce} />
      </Suspense>
    );
  return [feed ?? OPENING_FEED, parts];
}
