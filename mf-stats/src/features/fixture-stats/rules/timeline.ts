import { standingEvents, timelinePlace, type MatchEvent, type MatchEventKind } from '@matchday/contracts';
import { eventMinute, hadExtraTime, resultNote, scoreText } from '@matchday/ui/live';

/** One row of a match's timeline as the match page shows it. */
export interface TimelineRow {
  key: number;
  kind: MatchEventKind;
  /** "45+2′" for goals, cards and substitutions; "HT", "FT" or "" for the markers. */
  minute: string;
  /** "Goal", "Yellow card", "Substitution", "Half-time", "Full-time" ... */
  label: string;
  /** The side a goal counted for (a card was shown to, made a substitution), by name; null for markers. */
  team: string | null;
  side: 'home' | 'away' | null;
  /** "Kylian Mbappé (pen.)", "Andy Robertson on for Milos Kerkez", "a.e.t. (4–2 pens)" ... */
  detail: string | null;
  /** The score after it ("2–1", "–" where the source has none); null where a score means nothing (kick-off, restarts). */
  score: string | null;
  /** A goal taken back (VAR). */
  cancelled: boolean;
}

const MARKERS: Partial<Record<MatchEventKind, { minute: string; label: string; scored: boolean }>> = {
  'kick-off': { minute: '', label: 'Kick-off', scored: false },
  'half-time': { minute: 'HT', label: 'Half-time', scored: true },
  'second-half': { minute: '', label: 'Second half', scored: false },
  'end-of-90': { minute: '90′', label: 'End of normal time', scored: true },
  'extra-time': { minute: 'ET', label: 'Extra time', scored: false },
  'extra-time-half-time': { minute: 'ET', label: 'Extra-time half-time', scored: true },
  'extra-time-second-half': { minute: 'ET', label: 'Extra time, second half', scored: false },
  'end-of-extra-time': { minute: '120′', label: 'End of extra time', scored: true },
  'shoot-out': { minute: 'Pens', label: 'Penalty shoot-out', scored: false },
  'full-time': { minute: 'FT', label: 'Full-time', scored: true },
};

const GOAL_KIND: Record<string, string> = { penalty: ' (pen.)', 'own-goal': ' (o.g.)' };

const INCIDENTS: Partial<Record<MatchEventKind, string>> = {
  'yellow-card': 'Yellow card',
  'red-card': 'Red card',
  substitution: 'Substitution',
};

/** Who a card or a substitution is about: "Milos Kerkez", "Andy Robertson on for Milos Kerkez". */
function incidentDetail(event: MatchEvent): string | null {
  if (event.kind !== 'substitution') return event.player ?? null;
  if (!event.player) return event.playerOff ? `${event.playerOff} off` : null;
  return event.playerOff ? `${event.player} on for ${event.playerOff}` : `${event.player} on`;
}

export interface TimelineTeams {
  homeTeamId: number;
  homeName: string;
  awayName: string;
}

/**
 * The rows of a timeline in match order (what its source withdrew left out): goals with minute, side and scorer ("(pen.)", "(o.g.)"), goals taken back,
 * cards and substitutions with minute, side and player (events stored out of match order are put back in it), the period markers (HT, end of normal time, extra time, shoot-out) and full time with "a.e.t." and the shoot-out
 * result when known (`penalties`, from the live feed: the timeline's events do not carry it).
 */
export function timelineRows(
  events: readonly MatchEvent[],
  teams: TimelineTeams,
  penalties: { penaltiesHome: number | null; penaltiesAway: number | null } | null,
): TimelineRow[] {
  const extraTime = hadExtraTime(events);
  const inOrder = standingEvents(events).map((event, index) => ({ event, index, place: timelinePlace(event) }));
  inOrder.sort((a, b) => a.place - b.place || a.index - b.index);
  return inOrder.map(({ event }) => {
    const side = event.teamId === null ? null : event.teamId === teams.homeTeamId ? 'home' : 'away';
    const team = side === null ? null : side === 'home' ? teams.homeName : teams.awayName;
    const score = scoreText(event.homeScore, event.awayScore);
    if (event.kind === 'goal' || event.kind === 'goal-cancelled') {
      const goal = event.kind === 'goal';
      return {
        key: event.seq,
        kind: event.kind,
        minute: eventMinute(event),
        label: goal ? 'Goal' : 'Goal disallowed',
        team,
        side,
        detail: goal && event.scorer ? `${event.scorer}${GOAL_KIND[event.goalKind ?? ''] ?? ''}` : null,
        score,
        cancelled: goal && event.cancelled,
      };
    }
    const incident = INCIDENTS[event.kind];
    if (incident) {
      return {
        key: event.seq,
        kind: event.kind,
        minute: eventMinute(event),
        label: incident,
        team,
        side,
        detail: incidentDetail(event),
        score: null,
        cancelled: false,
      };
    }
    const marker = MARKERS[event.kind] ?? { minute: '', label: event.kind, scored: false };
    return {
      key: event.seq,
      kind: event.kind,
      minute: marker.minute,
      label: marker.label,
      team: null,
      side: null,
      detail: event.kind === 'full-time' ? resultNote(penalties, extraTime) : null,
      score: marker.scored ? score : null,
      cancelled: false,
    };
  });
}

/** The period markers that say nothing of the score: an extra time or a shoot-out tells that it was level. */
const SCORE_FREE_KINDS: ReadonlySet<MatchEventKind> = new Set<MatchEventKind>(['kick-off', 'half-time', 'second-half', 'full-time']);

/**
 * Spoiler-free mode, score not revealed: what of the timeline may show. Only kick-off, half-time, the
 * second half and full time, without a score or a note ("a.e.t.", the shoot-out); every goal, goal taken back,
 * card and substitution (a red card or a change tells how the match goes), and the markers of normal time's end, extra time and the shoot-out are left out.
 */
export function scoreFreeRows(rows: readonly TimelineRow[]): TimelineRow[] {
  return rows.filter((row) => SCORE_FREE_KINDS.has(row.kind)).map((row) => ({ ...row, score: null, detail: null, team: null, side: null }));
}
