import styled from 'styled-components';
import type { Fixture, Follow } from '@matchday/contracts';
import type { SpoilerMatch } from '@matchday/ui/unshared';
import type { LiveState } from '@matchday/ui/live';
import { liveProps } from '../rules/live';
import { FixtureCard, FixtureGrid } from './FixtureCard';

const Section = styled.section`
  margin-bottom: 1.75rem;
  h2 {
    margin: 0 0 0.75rem;
    font-size: 1.15rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.textMuted};
  }
`;

/**
 * Home's "Following", above everything else: today's and the next matches of the followed teams and
 * leagues, live ones with their live score. `fixtures` null while they load.
 */
export function FollowingSection({
  follows,
  fixtures,
  tab,
  feed,
  hidden,
}: {
  follows: readonly Follow[];
  fixtures: readonly Fixture[] | null;
  tab: string;
  feed: LiveState | undefined;
  /** Whether spoiler-free mode hides a match's score (useSpoilers().hidden). */
  hidden: (match: SpoilerMatch) => boolean;
}) {
  const names = follows
    .filter((f) => f.kind !== 'player')
    .map((f) => f.name)
    .slice(0, 3)
    .join(', ');
  return (
    <Section aria-labelledby="following-heading" data-testid="following">
      <h2 id="following-heading">Following</h2>
      {fixtures === null ? (
        <p role="status">Loading your matches…</p>
      ) : fixtures.length === 0 ? (
        <p>{names ? `No matches of ${names} in the next two weeks.` : 'Follow a team or a league to see its matches here first.'}</p>
      ) : (
        <FixtureGrid>
          {fixtures.map((fixture) => (
            <FixtureCard key={fixture.id} fixture={fixture} tab={tab} {...liveProps(fixture, feed)} spoilerHidden={hidden(fixture)} />
          ))}
        </FixtureGrid>
      )}
    </Section>
  );
}
