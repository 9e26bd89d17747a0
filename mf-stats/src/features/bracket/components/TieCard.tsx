import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';
import type { Bracket, BracketTie } from '@matchday/contracts';
import { kickoffLabel } from '@matchday/ui';
import { LiveMarker, liveView, type LiveState } from '@matchday/ui/live';
import { HiddenScore } from '@matchday/ui/unshared';
import { TeamBadge } from '../../../lib/team-badge';
import { tieFace, type SideFace } from '../rules/spoilers';

const tieCard = css<{ $live: boolean }>`
  position: relative;
  display: grid;
  gap: 0.3rem;
  width: 100%;
  padding: 0.55rem 0.7rem;
  border-radius: 10px;
  border: 1px solid ${({ theme, $live }) => ($live ? '#dc2626' : theme.border)};
  background: ${({ theme }) => theme.surface};
  color: inherit;
  text-decoration: none;
  &:hover,
  &:focus-visible {
    border-color: ${({ theme }) => theme.accent};
  }
`;

const TieLink = styled(Link)<{ $live: boolean }>`
  ${tieCard}
`;

/** A tie whose teams are not both known yet: the same card, opening nothing. */
const TieBox = styled.div<{ $live: boolean }>`
  ${tieCard}
`;

const TieHead = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 0.5rem;
  font-size: 0.72rem;
  color: ${({ theme }) => theme.textMuted};
`;

const SideRow = styled.div<{ $winner: boolean; $unknown: boolean }>`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto;
  align-items: center;
  gap: 0.45rem;
  font-weight: ${({ $winner }) => ($winner ? 800 : 500)};
  font-style: ${({ $unknown }) => ($unknown ? 'italic' : 'normal')};
  color: ${({ theme, $unknown }) => ($unknown ? theme.textMuted : theme.text)};
  > span:nth-child(2) {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  > b {
    font-variant-numeric: tabular-nums;
  }
`;

const Placeholder = styled.span`
  width: 22px;
  height: 22px;
  border-radius: 50%;
  border: 1px dashed ${({ theme }) => theme.border};
`;

/** What every tie card of one bracket shares. */
export interface TieContext {
  bracket: Bracket;
  national: boolean;
  /** Spoiler-free mode hides the tie (rules/spoilers' tieHidden). */
  hidden: (tie: BracketTie) => boolean;
  live: LiveState;
  now: number;
  ties: 'match' | 'tie';
}

function Side({ face, national }: { face: SideFace; national: boolean }) {
  return (
    <SideRow $winner={face.winner} $unknown={!face.known} data-testid="tie-side">
      {face.known ? <TeamBadge name={face.name} logo={null} size={22} national={national} /> : <Placeholder aria-hidden="true" />}
      <span>{face.name}</span>
      <b>{face.score}</b>
    </SideRow>
  );
}

/** One tie: its number, its clock or kick-off or how it was decided, both sides; a link to the match once both teams are known. */
export function TieCard({ tie, context }: { tie: BracketTie; context: TieContext }) {
  const entry = tie.status === 'live' && tie.fixtureId !== null ? context.live.matches.get(tie.fixtureId) : undefined;
  const view = entry ? liveView(entry, context.live, context.now) : null;
  const face = tieFace(context.bracket, tie, context.hidden, context.ties);
  const word = context.ties === 'tie' ? 'Tie' : 'Match';
  const card = {
    $live: tie.status === 'live',
    'data-testid': 'bracket-tie',
    'aria-label': `${word} ${tie.matchNumber}: ${face.label}`,
  };
  const content = (
    <>
      <TieHead>
        <span>
          {word} {tie.matchNumber}
          {tie.legs.length > 1 && ' · 2 legs'}
        </span>
        {tie.status === 'live' && !face.hidden && view?.phase === 'live' ? (
          <LiveMarker clock={view.clock} />
        ) : tie.status === 'live' ? (
          <span>Live</span>
        ) : tie.status === 'finished' ? (
          <span data-testid="tie-decided">{face.decided || 'FT'}</span>
        ) : (
          <span>{kickoffLabel(tie.kickoff)}</span>
        )}
      </TieHead>
      <Side face={face.home} national={context.national} />
      <Side face={face.away} national={context.national} />
      {face.revealable && tie.fixtureId !== null && <HiddenScore fixtureId={tie.fixtureId} label={face.label} />}
    </>
  );
  return tie.fixtureId === null ? (
    <TieBox {...card} role="group">
      {content}
    </TieBox>
  ) : (
    <TieLink {...card} to={`/fixture-stats/${tie.fixtureId}`}>
      {content}
    </TieLink>
  );
}
