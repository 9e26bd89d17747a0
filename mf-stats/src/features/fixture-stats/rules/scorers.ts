import { standingEvents, type MatchEvent } from '@matchday/contracts';

/**
 * The goals under a match's score, per side: "Salah 2" for a scorer of two where the source has no minutes,
 * "Mbappé 80′ (pen.), 81′" where it has them, "Schär (o.g.)" for an own goal (listed under the side it counted for),
 * in the order first scored; goals taken back are left out. Red cards per side by player. Nothing is invented: a
 * minute shows only where the event has one.
 */
export interface SideSummary {
  goals: string[];
  redCards: string[];
}

export interface ScorerSummary {
  home: SideSummary;
  away: SideSummary;
}

const minuteText = (event: MatchEvent) => (event.minute === null ? '' : `${event.minute}${event.stoppage ? `+${event.stoppage}` : ''}′`);

function goalLine(name: string, goals: readonly MatchEvent[]): string {
  const own = goals[0]!.goalKind === 'own-goal';
  const timed = goals.filter((g) => g.minute !== null);
  if (timed.length === goals.length) {
    const minutes = goals.map(
      (g) => `${minuteText(g)}${g.goalKind === 'penalty' ? ' (pen.)' : g.goalKind === 'own-goal' ? ' (o.g.)' : ''}`,
    );
    return `${name} ${minutes.join(', ')}`;
  }
  const penalties = goals.filter((g) => g.goalKind === 'penalty').length;
  const marks = [
    own ? 'o.g.' : null,
    penalties > 0 ? (penalties === goals.length && goals.length === 1 ? 'pen.' : `${penalties} pen.`) : null,
  ].filter(Boolean);
  return `${name}${goals.length > 1 ? ` ${goals.length}` : ''}${marks.length > 0 ? ` (${marks.join(', ')})` : ''}`;
}

export function scorerSummary(events: readonly MatchEvent[], homeTeamId: number): ScorerSummary {
  const summary: ScorerSummary = { home: { goals: [], redCards: [] }, away: { goals: [], redCards: [] } };
  const groups = new Map<string, { side: 'home' | 'away'; name: string; goals: MatchEvent[] }>();
  for (const event of standingEvents(events)) {
    if (event.teamId === null) continue;
    const side = event.teamId === homeTeamId ? 'home' : 'away';
    if (event.kind === 'red-card') {
      summary[side].redCards.push(event.player ?? event.scorer ?? 'Unknown');
      continue;
    }
    if (event.kind !== 'goal' || event.cancelled) continue;
    const name = event.scorer ?? 'Unknown';
    const key = `${side}|${name}|${event.goalKind === 'own-goal' ? 'og' : ''}`;
    const group = groups.get(key) ?? { side, name, goals: [] };
    group.goals.push(event);
    groups.set(key, group);
  }
  for (const group of groups.values()) summary[group.side].goals.push(goalLine(group.name, group.goals));
  return summary;
}

/** Whether there is anything to show: a goal or a red card. */
export function hasSummary(summary: ScorerSummary): boolean {
  return [summary.home, summary.away].some((side) => side.goals.length > 0 || side.redCards.length > 0);
}
