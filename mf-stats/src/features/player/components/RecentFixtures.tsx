import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';
import type { PlayerRecentFixture } from '@matchday/contracts';
import { media, shortDate, TeamLogo } from '@matchday/ui';
import { FORM_COLOURS, HiddenScore, Muted, useSpoilers } from '@matchday/ui/unshared';
import { num, rating } from '../../../lib/numbers';
import { AboveLink, StretchedLink } from '../../../lib/spoiler-parts';
import { recentFixtureMatches } from '../../../lib/spoilers';
import { playerResult, RESULT_LETTER } from '../rules/result';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.6rem;
`;

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

const Figures = styled.dl`
  grid-column: 1 / -1;
  display: flex;
  flex-wrap: wrap;
  gap: 0.3rem 1rem;
  margin: 0;
  font-size: 0.85rem;
  div {
    display: flex;
    gap: 0.3rem;
  }
  dt {
    color: ${({ theme }) => theme.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
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
    <List data-testid="recent-fixtures">
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
                <TeamLogo name={fixture.againstTeamName} src={fixture.againstTeamLogo} size={36} />
                <Opponent>
                  <strong>vs {fixture.againstTeamName}</strong>
                  <small>
                    <time dateTime={fixture.eventDate}>{shortDate(fixture.eventDate)}</time>
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
                  <div>
                    <dt>Rating</dt>
                    <dd>{rating(fixture.rating)}</dd>
                  </div>
                  <div>
                    <dt>Minutes</dt>
                    <dd>{num(fixture.minutesPlayed)}</dd>
                  </div>
                  <div>
                    <dt>Goals</dt>
                    <dd>{num(fixture.goals_Total)}</dd>
                  </div>
                  <div>
                    <dt>Assists</dt>
                    <dd>{num(fixture.goals_Assist)}</dd>
                  </div>
                  <div>
                    <dt>Passes</dt>
                    <dd>{num(fixture.passes_Total)}</dd>
                  </div>
                  <div>
                    <dt>Tackles</dt>
                    <dd>{num(fixture.tackles_Total)}</dd>
                  </div>
                  <div>
                    <dt>Cards</dt>
                    <dd>
                      {num(fixture.cards_Yellow)} <Muted>Y</Muted> · {num(fixture.cards_Red)} <Muted>R</Muted>
                    </dd>
                  </div>
                </Figures>
              </>,
            )}
          </li>
        );
      })}
    </List>
  );
}
