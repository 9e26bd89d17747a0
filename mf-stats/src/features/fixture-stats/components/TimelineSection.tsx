import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { Card, Skeleton } from '@matchday/ui';
import { Muted } from '@matchday/ui/unshared';
import type { Timeline } from '@matchday/ui/live';
import { SectionTitle } from '../../../lib/components';
import type { TimelineTeams } from '../rules/timeline';
import { onTheClock } from '../rules/on-the-clock';

// the list itself is its own chunk: a page without a timeline (a match not started) never fetches it
const MatchTimeline = lazy(() => import('./MatchTimeline'));

const Section = styled(Card)`
  margin: 0 0 1rem;
`;

const HiddenNote = styled(Muted).attrs({ as: 'p' })`
  display: block;
  margin: 0 0 0.6rem;
  font-size: 0.9rem;
`;

const Placeholder = styled.div`
  display: grid;
  gap: 0.35rem;
`;

function Loading() {
  return (
    <Placeholder>
      <span className="visually-hidden">Loading the match timeline</span>
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} $height="2.2rem" aria-hidden="true" />
      ))}
    </Placeholder>
  );
}

/**
 * The match page's timeline section: the goals, cards, substitutions and period markers so far, kept current by the live
 * stream while the match is played. Nothing is drawn for a timeline read and found empty (a source without events).
 */
export function TimelineSection({
  timeline,
  teams,
  penalties,
  scoreHidden = false,
}: {
  timeline: Timeline | undefined;
  teams: TimelineTeams;
  penalties: { penaltiesHome: number | null; penaltiesAway: number | null } | null;
  /** Spoiler-free mode, score not revealed: "Score hidden", and no goal, scorer or running score below. */
  scoreHidden?: boolean;
}) {
  // goals and cards without a minute (FPL) are under the score, not on the clock
  const events = timeline?.events.filter(onTheClock) ?? [];
  if (!timeline || (timeline.loaded && events.length === 0)) return null;
  return (
    <Section as="section" aria-labelledby="timeline-title" data-testid="timeline-section">
      <SectionTitle id="timeline-title">Match timeline</SectionTitle>
      {scoreHidden && (
        <HiddenNote data-testid="timeline-hidden">
          <strong>Score hidden</strong> (spoiler-free mode): goals and scorers show once you reveal the score above.
        </HiddenNote>
      )}
      {events.length === 0 ? (
        timeline.failed ? (
          <Muted>The timeline could not be loaded; it is tried again when the connection is back.</Muted>
        ) : (
          <Loading />
        )
      ) : (
        <Suspense fallback={<Loading />}>
          <MatchTimeline events={events} teams={teams} penalties={penalties} scoreHidden={scoreHidden} />
        </Suspense>
      )}
    </Section>
  );
}
