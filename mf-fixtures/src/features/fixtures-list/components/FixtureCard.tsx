import { memo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Badge, Button, kickoffLabel, leagueColour, media } from '@matchday/ui';
import type { Fixture } from '@matchday/contracts';
import type { LiveEntry, LiveState } from '@matchday/ui/live';
import { FlagOrLogo, FollowButton, resultNote, revealScore, teamNameText } from '@matchday/ui/unshared';
import { LiveScoreSlot } from './live-score-slot';

/** The cards' grid (Home's day list and its Following section): one column on a phone. */
export const FixtureGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(18rem, 1fr));
  gap: 1rem;
  ${media.mobile} {
    grid-template-columns: 1fr;
  }
`;

const Article = styled.article`
  background: ${({ theme }) => theme.surface};
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 14px;
  padding: 1rem;
  display: grid;
  gap: 0.9rem;
  cursor: pointer;
  /* A page has 48 cards: those off screen are laid out and painted only when scrolled near (a card is
     about 260 px tall, 225 px inside its padding; once drawn, the browser remembers its real height). */
  content-visibility: auto;
  contain-intrinsic-size: auto 225px;
  transition:
    border-color 0.15s,
    transform 0.15s;
  &:hover {
    border-color: ${({ theme }) => theme.accent};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.accent};
    outline-offset: 2px;
  }
`;

const Top = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 0.5rem;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.textMuted};
`;

const Teams = styled(Link)`
  display: grid;
  grid-template-columns: 1fr auto 1fr;
  align-items: center;
  gap: 0.5rem;
  text-decoration: none;
  border-radius: 10px;
  &:hover .name {
    text-decoration: underline;
  }
`;

const LeagueBadge = styled(Badge)<{ $text: string }>`
  color: ${({ $text }) => $text};
`;

/** Dark text on light league colours, white on dark ones (WCAG AA contrast for the badge). */
function readableOn(colour: string): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour)?.[1];
  if (!hex) return '#ffffff';
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  return (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05) ? '#111827' : '#ffffff';
}

const Team = styled.div`
  display: grid;
  justify-items: center;
  gap: 0.4rem;
  text-align: center;
  font-weight: 600;
  min-width: 0;
  span.name {
    ${teamNameText}
  }
`;

const Versus = styled.span`
  font-weight: 800;
  color: ${({ theme }) => theme.textMuted};
`;

const Score = styled.span`
  font-weight: 800;
  font-size: 1.2rem;
  text-align: center;
`;

const Note = styled.span`
  display: block;
  font-size: 0.75rem;
  font-weight: 600;
  color: ${({ theme }) => theme.textMuted};
`;

const Venue = styled.p`
  margin: 0;
  text-align: center;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.textMuted};
`;

const Actions = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 0.5rem;
  & > :nth-child(n + 3) {
    grid-column: 1 / -1;
  }
`;

/** A star under each club (outside the card's link: no button inside a link). */
const Stars = styled.div`
  display: flex;
  justify-content: space-between;
  margin-top: -0.4rem;
`;

/**
 * A fixture on Home. While its match is live (the list says so, or the live feed has it) the middle shows the live
 * score (LiveScore) and the card links to the match centre; `feed` is the tab's live state, given only then.
 * `spoilerHidden`: spoiler-free mode hides this match's score (the list's useSpoilers().hidden). Memoised: the
 * user's preferences, follows and the rest of Home arriving re-render only the cards they change, not the 48 of a page.
 */
export const FixtureCard = memo(function FixtureCard({
  fixture,
  tab,
  live,
  feed,
  spoilerHidden,
}: {
  fixture: Fixture;
  tab: string;
  live?: LiveEntry | undefined;
  feed?: LiveState | undefined;
  spoilerHidden: boolean;
}) {
  const navigate = useNavigate();
  const squadPath = `/squad/${fixture.homeTeamId}/${fixture.awayTeamId}/${fixture.leagueId}/${fixture.season}?tab=${tab}`;
  const h2hPath = `/h2h?homeTeamId=${fixture.homeTeamId}&awayTeamId=${fixture.awayTeamId}&tab=${tab}`;
  const standingsPath = `/standings?leagueId=${fixture.leagueId}&season=${fixture.season}&highlightTeams=${encodeURIComponent(
    `${fixture.homeTeam},${fixture.awayTeam}`,
  )}&tab=${tab}`;
  const finished = fixture.goalsHome !== null && fixture.goalsAway !== null;
  // a cup tie decided beyond 90 minutes: "a.e.t." or "(4–2 pens)"
  const note = resultNote(
    fixture.penaltiesHome !== undefined ? { penaltiesHome: fixture.penaltiesHome, penaltiesAway: fixture.penaltiesAway ?? null } : null,
    Boolean(fixture.afterExtraTime),
  );
  const showLive = feed !== undefined && (live !== undefined || fixture.status === 'live');
  // spoiler-free mode: no score or result until the fan reveals this match's
  const scoreHidden = spoilerHidden && (showLive || finished);
  const colour = leagueColour(fixture.leagueName, fixture.leagueColor);
  return (
    <Article data-testid="fixture-card" onClick={() => navigate(squadPath)}>
      <Top>
        <LeagueBadge $colour={colour} $text={readableOn(colour)}>
          {fixture.leagueName}
        </LeagueBadge>
        <time dateTime={fixture.eventDate}>{kickoffLabel(fixture.eventDate)}</time>
      </Top>
      <Teams to={squadPath} onClick={(event) => event.stopPropagation()} data-testid="squad-link">
        <Team>
          <FlagOrLogo name={fixture.homeTeam} logo={fixture.homeTeamLogo} flag={fixture.homeTeamFlag} size={48} />
          <span className="name">{fixture.homeTeam}</span>
        </Team>
        {showLive ? (
          <LiveScoreSlot fixture={fixture} entry={live} feed={feed} hideScore={scoreHidden} />
        ) : scoreHidden ? (
          <Versus data-testid="hidden-score">
            <span className="visually-hidden">Score hidden </span>? – ?
          </Versus>
        ) : finished ? (
          <Score>
            <span className="visually-hidden">Final score </span>
            {fixture.goalsHome} - {fixture.goalsAway}
            {note && <Note data-testid="result-note">{note}</Note>}
          </Score>
        ) : (
          <Versus>VS</Versus>
        )}
        <Team>
          <FlagOrLogo name={fixture.awayTeam} logo={fixture.awayTeamLogo} flag={fixture.awayTeamFlag} size={48} />
          <span className="name">{fixture.awayTeam}</span>
        </Team>
      </Teams>
      <Stars onClick={(event) => event.stopPropagation()}>
        <FollowButton kind="team" id={fixture.homeTeamId} name={fixture.homeTeam} compact />
        <FollowButton kind="team" id={fixture.awayTeamId} name={fixture.awayTeam} compact />
      </Stars>
      {fixture.venue && <Venue>{[fixture.venue, fixture.venueCity].filter(Boolean).join(', ')}</Venue>}
      <Actions onClick={(event) => event.stopPropagation()}>
        <Button as={Link} to={h2hPath} $variant="outline" aria-label={`H2H: head to head, ${fixture.homeTeam} vs ${fixture.awayTeam}`}>
          H2H
        </Button>
        <Button as={Link} to={standingsPath} $variant="outline" aria-label={`${fixture.leagueName} standings`}>
          Standings
        </Button>
        {scoreHidden && (
          <Button type="button" $variant="outline" onClick={() => revealScore(fixture.id)} data-testid="reveal-score">
            Show score
          </Button>
        )}
        {showLive && (
          <Button
            as={Link}
            to={`/fixture-stats/${fixture.id}`}
            $variant="outline"
            aria-label={`Match centre: ${fixture.homeTeam} vs ${fixture.awayTeam}`}
            data-testid="match-centre-link"
          >
            Match centre
          </Button>
        )}
      </Actions>
    </Article>
  );
});

const SkeletonTeams = styled.div`
  display: grid;
  grid-template-columns: 1fr auto 1fr;
  align-items: center;
  gap: 0.5rem;
`;

const SkeletonArticle = styled(Article)`
  cursor: default;
`;

function FixtureCardSkeleton() {
  return (
    <SkeletonArticle as="div" aria-hidden="true" data-testid="fixture-skeleton">
      <Top>
        <span style={{ width: '40%', height: '1rem', borderRadius: 8, background: 'currentColor', opacity: 0.15 }} />
        <span style={{ width: '25%', height: '1rem', borderRadius: 8, background: 'currentColor', opacity: 0.15 }} />
      </Top>
      <SkeletonTeams>
        <Team>
          <span style={{ width: 48, height: 48, borderRadius: '50%', background: 'currentColor', opacity: 0.15 }} />
        </Team>
        <Versus>VS</Versus>
        <Team>
          <span style={{ width: 48, height: 48, borderRadius: '50%', background: 'currentColor', opacity: 0.15 }} />
        </Team>
      </SkeletonTeams>
      <Actions>
        <span style={{ height: '2.25rem', borderRadius: 8, background: 'currentColor', opacity: 0.15 }} />
        <span style={{ height: '2.25rem', borderRadius: 8, background: 'currentColor', opacity: 0.15 }} />
      </Actions>
    </SkeletonArticle>
  );
}

/**
 * The list's loading state: `count` skeleton cards in the grid. Memoised: Home renders again as each of its reads
 * arrives during a first load (follows, preferences, leagues, the list: six renders), and drew the ~50 components of
 * the skeleton again each time.
 */
export const FixtureListSkeleton = memo(function FixtureListSkeleton({ count }: { count: number }) {
  return (
    <FixtureGrid role="status" aria-busy="true" aria-label="Loading fixtures">
      {Array.from({ length: count }, (_, i) => (
        <FixtureCardSkeleton key={i} />
      ))}
    </FixtureGrid>
  );
});
