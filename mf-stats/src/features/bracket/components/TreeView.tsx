import styled, { css } from 'styled-components';
import type { BracketRound } from '@matchday/contracts';
import { Card, media } from '@matchday/ui';
import { TieCard, type TieContext } from './TieCard';

const GAP = '2rem';
const TIE_HEIGHT = 92;

/** The whole tree's frame: it scrolls sideways itself, the page never does. */
const Frame = styled.div`
  position: relative;
  max-width: 100%;
  overflow-x: auto;
  padding-bottom: 0.5rem;
`;

const Tree = styled.div<{ $height: number }>`
  display: flex;
  gap: ${GAP};
  width: max-content;
  min-height: ${({ $height }) => $height}px;
`;

const Column = styled.section`
  display: flex;
  flex-direction: column;
  width: 12.25rem;
  h3 {
    margin: 0 0 0.5rem;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.textMuted};
  }
`;

const Cells = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
`;

/**
 * One tie's share of its column, the tie in its middle: a round of half as many ties gives each twice the height,
 * so a tie sits level with the middle of the two that feed it. The connectors: a line out of each tie that feeds
 * another, joined to its partner's halfway between the columns, and a line into each tie that is fed.
 */
const Cell = styled.div<{ $in: boolean; $out: 'up' | 'down' | 'straight' | null }>`
  flex: 1;
  position: relative;
  display: flex;
  align-items: center;
  padding: 0.3rem 0;
  ${({ theme, $in }) =>
    $in &&
    css`
      &::before {
        content: '';
        position: absolute;
        left: calc(${GAP} / -2);
        width: calc(${GAP} / 2);
        top: 50%;
        border-top: 2px solid ${theme.border};
      }
    `}
  ${({ theme, $out }) =>
    $out &&
    css`
      &::after {
        content: '';
        position: absolute;
        right: calc(${GAP} / -2);
        width: calc(${GAP} / 2);
        top: ${$out === 'up' ? '0' : '50%'};
        bottom: ${$out === 'down' ? '0' : '50%'};
        border-top: ${$out === 'down' || $out === 'straight' ? `2px solid ${theme.border}` : '0'};
        border-bottom: ${$out === 'up' ? `2px solid ${theme.border}` : '0'};
        border-right: ${$out === 'straight' ? '0' : `2px solid ${theme.border}`};
      }
    `}
`;

const Extra = styled(Card)`
  margin-top: 1rem;
  max-width: 16rem;
  h3 {
    margin: 0 0 0.5rem;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.textMuted};
  }
  ${media.mobile} {
    max-width: none;
  }
`;

/** The whole tree (1280 px): a column per round, connectors between them; the match for third place below. */
export function TreeView({ rounds, context }: { rounds: BracketRound[]; context: TieContext }) {
  const tree = rounds.filter((round) => round.name !== 'Match for third place');
  const third = rounds.find((round) => round.name === 'Match for third place');
  const first = tree[0]?.ties.length ?? 1;
  return (
    <>
      <Frame data-testid="bracket-tree">
        <Tree $height={first * TIE_HEIGHT}>
          {tree.map((round, r) => {
            const next = tree[r + 1];
            const halves = next !== undefined && next.ties.length * 2 === round.ties.length;
            return (
              <Column key={round.name} aria-label={round.name}>
                <h3>{round.name}</h3>
                <Cells>
                  {round.ties.map((tie, i) => (
                    <Cell key={tie.matchNumber} $in={r > 0} $out={!next ? null : halves ? (i % 2 === 0 ? 'down' : 'up') : 'straight'}>
                      <TieCard tie={tie} context={context} />
                    </Cell>
                  ))}
                </Cells>
              </Column>
            );
          })}
        </Tree>
      </Frame>
      {third && (
        <Extra as="section" aria-label={third.name}>
          <h3>{third.name}</h3>
          {third.ties.map((tie) => (
            <TieCard key={tie.matchNumber} tie={tie} context={context} />
          ))}
        </Extra>
      )}
    </>
  );
}
