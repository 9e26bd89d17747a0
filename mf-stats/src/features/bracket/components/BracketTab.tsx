import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';
import type { Bracket, BracketRound, BracketSide, BracketTie } from '@matchday/contracts';
import { Card, kickoffLabel, media } from '@matchday/ui';
import { LiveMarker, liveView, useLiveMatches, useNow, type LiveState } from '@matchday/ui/live';
import { HiddenScore, LoadingBlock, MessageCard, useSpoilers } from '@matchday/ui/unshared';
import type { LeagueSeasonTabProps } from '../../../lib/league-tabs';
import { playsNationalTeams, TeamBadge } from '../../../lib/team-badge';
import { useBracket } from '../api/bracket';
import { currentRound, decidedText, feederOf, placeText } from '../rules/places';

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

const Chips = styled.div`
  position: relative;
  display: flex;
  gap: 0.4rem;
  overflow-x: auto;
  padding-bottom: 0.4rem;
  margin-bottom: 0.6rem;
`;

const Chip = styled.button<{ $active: boolean }>`
  flex: none;
  border: 1px solid ${({ theme, $active }) => ($active ? theme.accent : theme.border)};
  border-radius: 999px;
  padding: 0.35rem 0.75rem;
  font: inherit;
  font-size: 0.85rem;
  font-weight: 600;
  cursor: pointer;
  background: ${({ theme, $active }) => ($active ? theme.accent : theme.surface)};
  color: ${({ theme, $active }) => ($active ? theme.accentText : theme.text)};
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

function useNarrow(): boolean {
  const query = '(max-width: 767px)';
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const change = () => setNarrow(list.matches);
    list.addEventListener('change', change);
    return () => list.removeEventListener('change', change);
  }, []);
  return narrow;
}

interface TieContext {
  bracket: Bracket;
  leagueId: number;
  national: boolean;
  hidden: (tie: BracketTie) => boolean;
  live: LiveState;
  now: number;
  ties: 'match' | 'tie';
}

function Side({
  side,
  score,
  winner,
  masked,
  context,
}: {
  side: BracketSide;
  score: string;
  winner: boolean;
  masked: boolean;
  context: TieContext;
}) {
  const known = side.teamId !== null && side.teamName !== null && !masked;
  return (
    <SideRow $winner={winner} $unknown={!known} data-testid="tie-side">
      {known ? <TeamBadge name={side.teamName!} logo={null} size={22} national={context.national} /> : <Placeholder aria-hidden="true" />}
      <span>{known ? side.teamName : placeText(side.slot, context.ties)}</span>
      <b>{score}</b>
    </SideRow>
  );
}

function TieCard({ tie, context }: { tie: BracketTie; context: TieContext }) {
  const entry = tie.status === 'live' && tie.fixtureId !== null ? context.live.matches.get(tie.fixtureId) : undefined;
  const view = entry ? liveView(entry, context.live, context.now) : null;
  const hidden = context.hidden(tie);
  // an advancing team gives away the tie it won: hidden until that tie is revealed
  const masked = (side: BracketSide) => {
    const feeder = feederOf(context.bracket, side.slot);
    return feeder !== undefined && context.hidden(feeder);
  };
  const played = tie.goalsHome !== null && tie.goalsAway !== null;
  const score = (goals: number | null) => (!played || hidden ? '' : String(goals));
  const winner = (side: BracketSide) => !hidden && tie.winner !== null && tie.winner.teamId === side.teamId;
  const decided = hidden ? '' : decidedText(tie);
  // the link's name gives away no more than the card shows
  const named = (side: BracketSide) => (side.teamName !== null && !masked(side) ? side.teamName : placeText(side.slot, context.ties));
  const label = `${named(tie.home)} v ${named(tie.away)}`;
  const card = {
    $live: tie.status === 'live',
    'data-testid': 'bracket-tie',
    'aria-label': `${context.ties === 'tie' ? 'Tie' : 'Match'} ${tie.matchNumber}: ${label}`,
  };
  const content = (
    <>
      <TieHead>
        <span>
          {context.ties === 'tie' ? 'Tie' : 'Match'} {tie.matchNumber}
          {tie.legs.length > 1 && ' · 2 legs'}
        </span>
        {tie.status === 'live' && !hidden && view?.phase === 'live' ? (
          <LiveMarker clock={view.clock} />
        ) : tie.status === 'live' ? (
          <span>Live</span>
        ) : tie.status === 'finished' ? (
          <span data-testid="tie-decided">{decided || 'FT'}</span>
        ) : (
          <span>{kickoffLabel(tie.kickoff)}</span>
        )}
      </TieHead>
      <Side side={tie.home} score={score(tie.goalsHome)} winner={winner(tie.home)} masked={masked(tie.home)} context={context} />
      <Side side={tie.away} score={score(tie.goalsAway)} winner={winner(tie.away)} masked={masked(tie.away)} context={context} />
      {hidden && played && tie.fixtureId !== null && <HiddenScore fixtureId={tie.fixtureId} label={label} />}
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

/** The whole tree (1280 px): a column per round, connectors between them; the match for third place below. */
function TreeView({ rounds, context }: { rounds: BracketRound[]; context: TieContext }) {
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

/** One round at a time (390 px): round chips, and a swipe to the next round. */
function RoundsView({ rounds, context, start }: { rounds: BracketRound[]; context: TieContext; start: number }) {
  const [active, setActive] = useState(start);
  const pages = useRef<HTMLDivElement>(null);
  const chips = useRef<HTMLDivElement>(null);
  // the chip of the round shown stays in sight (its row scrolls sideways, the page does not)
  useEffect(() => {
    const row = chips.current;
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
      <Chips role="tablist" aria-label="Rounds" ref={chips}>
        {rounds.map((round, index) => (
          <Chip
            key={round.name}
            type="button"
            role="tab"
            aria-selected={index === active}
            $active={index === active}
            onClick={() => go(index)}
            data-testid="round-chip"
          >
            {round.name}
          </Chip>
        ))}
      </Chips>
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

/**
 * The league hub's Bracket tab (every cup): the knockout stage as a tree at 1280 px, one round at a time on a phone.
 * A tie shows its teams or where they come from, the score (the aggregate of two legs), a.e.t. and penalties; a live
 * tie its clock, refreshed on every change the live stream brings; a tap opens the match. Spoiler-free mode hides a
 * tie's score and the team it sends through until the tie is revealed.
 */
export default function BracketTab({ leagueId, season }: LeagueSeasonTabProps) {
  const { data, error, isLoading, mutate } = useBracket(leagueId, season);
  const narrow = useNarrow();
  const { hidden } = useSpoilers();
  const live = useLiveMatches(true);
  const fixtureIds = useMemo(
    () =>
      new Set(
        (data?.rounds ?? []).flatMap((r) => r.ties.flatMap((t) => t.legs.flatMap((l) => (l.fixtureId === null ? [] : [l.fixtureId])))),
      ),
    [data],
  );
  const moved = [...live.matches.values()]
    .filter((entry) => fixtureIds.has(entry.match.fixtureId))
    .map((entry) => `${entry.match.fixtureId}:${entry.match.lastSeq}:${entry.match.status}`)
    .join(',');
  useEffect(() => {
    if (moved) void mutate();
  }, [moved, mutate]);
  const now = useNow(5000, moved !== '');
  if (isLoading) return <LoadingBlock rows={8} label="Loading bracket" />;
  if (error || !data) {
    const none = error instanceof Error && /^404/.test(error.message);
    return none ? (
      <MessageCard title="No bracket" message="This competition has no knockout stage." />
    ) : (
      <MessageCard title="No bracket" message="The bracket is not available right now." />
    );
  }
  const context: TieContext = {
    bracket: data,
    leagueId: Number(leagueId),
    national: playsNationalTeams(leagueId),
    hidden: (tie) =>
      tie.legs.some(
        (leg) =>
          leg.status !== 'scheduled' &&
          leg.fixtureId !== null &&
          leg.homeTeamId !== null &&
          leg.awayTeamId !== null &&
          hidden({ id: leg.fixtureId, homeTeamId: leg.homeTeamId, awayTeamId: leg.awayTeamId, leagueId: Number(leagueId) }),
      ),
    live,
    now,
    ties: data.rounds.some((round) => round.ties.some((tie) => tie.legs.length > 1)) ? 'tie' : 'match',
  };
  return narrow ? (
    <RoundsView rounds={data.rounds} context={context} start={currentRound(data)} />
  ) : (
    <TreeView rounds={data.rounds} context={context} />
  );
}
