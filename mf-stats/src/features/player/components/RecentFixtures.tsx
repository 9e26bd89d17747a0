import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';
import type { PlayerRecentFixture } from '@matchday/contracts';
import { kickoffDate, media } from '@matchday/ui';
import { Figure, FigureList, FORM_COLOURS, HiddenScore, PlainList, useSpoilers } from '@matchday/ui/unshared';
import { MatchLineFigures } from '../../../lib/match-line';
import { num, rating, RATING_LABEL } from '../../../lib/numbers';
import { AboveLink, StretchedLink } from '../../../lib/spoiler-parts';
import { recentFixtureMatches } from '../../../lib/spoilers';
import { playsNationalTeams, TeamBadge } from '../../../lib/team-badge';
import { playerResult, RESULT_LETTER } from '../rules/result';

const item = css`
  display: grid;
  grid-template-columns: auto 1fr auto;
  gap: 0.4rem 1rem;
  align-items: center;
  padding: 0.8rem 1rem;
  border-radius: 12px;
  text-decoration: none;
  background: ${({ theme }) => theme.surface};
  border: 1px solid ${({ theme }) => theme.border};
  &:hover {
    border-color: ${({ theme }) => theme.accent};
  }
  ${media.mobile} {
    grid-template-columns: auto 1fr auto;
    padding: 0.7rem;
  }
`;

const Item = styled(Link)`
  ${item}
`;

/** A fixture whose score spoiler-free mode hides: the row opens the match, the reveal button sits above the link. */
const HiddenItem = styled.div`
  ${item}
  position: relative;
`;

const Opponent = styled.div`
  min-width: 0;
  strong {
    display: block;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  small {
    color: ${({ theme }) => theme.textMuted};
  }
`;

const Result = styled.span<{ $letter: string }>`
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  font-weight: 800;
  font-variant-numeric: tabular-nums;
  b {
    display: inline-grid;
    place-items: center;
    width: 1.5rem;
    height: 1.5rem;
    border-radius: 6px;
    color: #fff;
    font-size: 0.8rem;
    background: ${({ $letter }) => FORM_COLOURS[$letter]};
  }
`;

const Figures = styled(FigureList)`
  grid-column: 1 / -1;
`;

/**
 * Last Few Fixtures (spec §2): each opens the fixture's statistics, carrying the player for the way back. In
 * spoiler-free mode a covered fixture's result (letter and score) is a reveal button; `teamIds` are the clubs the
 * player played for this season (a fixture does not say which of them it was).
 */
export function RecentFixtures({
  fixtures,
  playerId,
  leagueId,
  season,
  teamIds,
}: {
  fixtures: readonly PlayerRecentFixture[];
  playerId: string;
  leagueId: string;
  season: string;
  teamIds: readonly number[];
}) {
  const { hidden } = useSpoilers();
  return (
    <PlainList $gap="0.6rem" data-testid="recent-fixtures">
      {fixtures.map((fixture) => {
        const result = playerResult(fixture.result, fixture.isHome);
        const query = new URLSearchParams({ playerId, leagueId, season, tab: 'fixtures' });
        const to = `/fixture-stats/${fixture.fixtureId}?${query.toString()}`;
        const scoreHidden = recentFixtureMatches(fixture, teamIds).some(hidden);
        const row = (children: ReactNode) =>
          scoreHidden ? (
            <HiddenItem>
              {children}
              <StretchedLink to={to}>
                <span className="visually-hidden">vs {fixture.againstTeamName}, match statistics</span>
              </StretchedLink>
            </HiddenItem>
          ) : (
            <Item to={to}>{children}</Item>
          );
        return (
          <li key={fixture.fixtureId} data-testid="recent-fixture">
            {row(
              <>
                <TeamBadge
                  name={fixture.againstTeamName}
                  logo={fixture.againstTeamLogo}
                  size={36}
                  national={playsNationalTeams(fixture.leagueId)}
                />
                <Opponent>
                  <strong>vs {fixture.againstTeamName}</strong>
                  <small>
                    <time dateTime={fixture.eventDate}>{kickoffDate(fixture.eventDate)}</time>
                    {fixture.venue ? ` · ${fixture.venue}` : ''}
                  </small>
                </Opponent>
                {scoreHidden ? (
                  <AboveLink>
                    <HiddenScore fixtureId={fixture.fixtureId} label={`vs ${fixture.againstTeamName}`} />
                  </AboveLink>
                ) : (
                  <Result $letter={RESULT_LETTER[result]} data-testid="fixture-result">
                    <b aria-hidden="true">{RESULT_LETTER[result]}</b>
                    <span className="visually-hidden">{result}</span>
                    <span>{fixture.result}</span>
                  </Result>
                )}
                <Figures>
                  <Figure label="Rating" value={<span title={RATING_LABEL}>{rating(fixture.rating)}</span>} />
                  <Figure label="Minutes" value={num(fixture.minutesPlayed)} />
                  <MatchLineFigures line={fixture} />
                </Figures>
              </>,
            )}
          </li>
        );
      })}
    </PlainList>
  );
}
