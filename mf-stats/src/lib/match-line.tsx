import type { FixturePlayer } from '@matchday/contracts';
import { Figure, Muted } from '@matchday/ui/unshared';
import { num } from './numbers';

/** What a player did in one match, as the match's players and a player's recent matches both have it. */
export type MatchLine = Pick<
  FixturePlayer,
  'goals_Total' | 'goals_Assist' | 'passes_Total' | 'tackles_Total' | 'cards_Yellow' | 'cards_Red'
>;

/**
 * The figures of a player's line in one match, for a FigureList: goals and assists (left out while spoiler-free
 * mode hides the score), passes, tackles and cards.
 */
export function MatchLineFigures({ line, hideGoals = false }: { line: MatchLine; hideGoals?: boolean }) {
  return (
    <>
      {!hideGoals && (
        <>
          <Figure label="Goals" value={num(line.goals_Total)} valueTestId="goals" />
          <Figure label="Assists" value={num(line.goals_Assist)} />
        </>
      )}
      <Figure label="Passes" value={num(line.passes_Total)} />
      <Figure label="Tackles" value={num(line.tackles_Total)} />
      <Figure
        label="Cards"
        value={
          <>
            {num(line.cards_Yellow)} <Muted>Y</Muted> · {num(line.cards_Red)} <Muted>R</Muted>
          </>
        }
      />
    </>
  );
}
