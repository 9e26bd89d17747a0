import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { BracketRound } from '@matchday/contracts';
import { Tabs } from '@matchday/ui/unshared';
import { TieCard, type TieContext } from './TieCard';

/** The round chips: one line that scrolls sideways (the page never does). */
const RoundTabs = styled(Tabs<string>)`
  display: flex;
  flex-wrap: nowrap;
  overflow-x: auto;
  margin-bottom: 0.6rem;
  > button {
    flex: none;
  }
`;

/** One round a screen wide; a swipe moves to the next (scroll snapping), the chips follow. */
const Pages = styled.div`
  /* relative: the hidden texts of the rounds off to the side (a screen reader's, absolutely placed) stay inside */
  position: relative;
  display: flex;
  overflow-x: auto;
  scroll-snap-type: x mandatory;
  scrollbar-width: none;
  > section {
    flex: 0 0 100%;
    scroll-snap-align: start;
    display: grid;
    gap: 0.6rem;
    align-content: start;
    min-width: 0;
  }
`;

/** One round at a time (390 px): round chips (tabs: arrow keys move between them), and a swipe to the next round. */
export function RoundsView({ rounds, context, start }: { rounds: BracketRound[]; context: TieContext; start: number }) {
  const [active, setActive] = useState(start);
  const pages = useRef<HTMLDivElement>(null);
  const chips = useRef<HTMLDivElement>(null);
  // the chip of the round shown stays in sight (its row scrolls sideways, the page does not)
  useEffect(() => {
    const row = chips.current?.querySelector<HTMLElement>('[role="tablist"]');
    const chip = row?.children[active] as HTMLElement | undefined;
    if (row && chip) row.scrollTo({ left: Math.max(0, chip.offsetLeft - 12), behavior: 'smooth' });
  }, [active]);
  const go = (index: number, smooth = true) => {
    setActive(index);
    const node = pages.current;
    if (node) node.scrollTo({ left: index * node.clientWidth, behavior: smooth ? 'smooth' : 'auto' });
  };
  useEffect(() => go(start, false), [start]);
  return (
    <>
      <div ref={chips}>
        <RoundTabs
          label="Rounds"
          value={rounds[active]?.name ?? ''}
          options={rounds.map((round) => ({ value: round.name, label: round.name, testId: 'round-chip' }))}
          onChange={(name) =>
            go(
              Math.max(
                0,
                rounds.findIndex((round) => round.name === name),
              ),
            )
          }
        />
      </div>
      <Pages
        ref={pages}
        data-testid="bracket-rounds"
        onScroll={(event) => {
          const node = event.currentTarget;
          const index = Math.round(node.scrollLeft / Math.max(1, node.clientWidth));
          if (index !== active && index >= 0 && index < rounds.length) setActive(index);
        }}
      >
        {rounds.map((round) => (
          <section key={round.name} aria-label={round.name}>
            {round.ties.map((tie) => (
              <TieCard key={tie.matchNumber} tie={tie} context={context} />
            ))}
          </section>
        ))}
      </Pages>
    </>
  );
}
