import { createHash } from 'node:crypto';
import type { ImportedMatch, ImportedMatchEvent, Score } from './model';
import { normalizePersonName } from './names';

/**
 * When each moment of a match happens, for a replay that plays a real match as it was played (README "Replay").
 * Minutes count from kick-off K on the broadcast clock:
 * - first half: a minute-m goal (1–45) at K + (m − 1) min, "45+x" at K + (44 + x); half time at K + 45 + s₁,
 *   s₁ the largest first-half stoppage minute of any goal, or 2;
 * - second half: restart R = half time + 15 min; a minute-m goal (46–90) at R + (m − 46), "90+x" at R + (44 + x);
 *   full time at R + 45 + s₂, s₂ the largest second-half stoppage minute, or 4;
 * - extra time, where there was any: it starts E₁ = full time + 5 min; 91–105 run from E₁ ("105+x" at E₁ + 14 + x),
 *   the half ends at its 15th minute + its largest stoppage minute, or + 1; one minute's break; 106–120 from E₂
 *   likewise; the shoot-out starts 5 min after extra time and its result comes 10 min after that.
 * A source without goal minutes (half-time and full-time scores only) gets the same periods with s₁ = 2 and
 * s₂ = 4 and no running score: the half-time score at half time, the result at full time, nothing invented.
 * Cards and substitutions with their minutes (`incidents`) go on the same clock as goals, and their stoppage
 * minutes count for s₁ and s₂ as a goal's do; they carry no score (a goal at the same instant comes first).
 *
 * A goal, a card or a substitution is keyed by what it is, not by its place in the source's list (contentKeys):
 * its kind, its minute and a digest of its side and player(s) (a goal's: and its kind and the score after it), with
 * `#2`, `#3` for a second and third identical one. A source that corrects a booking or adds one earlier keeps the
 * keys of the others, so the store finds which events are new and which are gone (store/events.ts).
 */

const MINUTE = 60_000;

interface Clock {
  kickOff: number;
  halfTime: number;
  restart: number;
  fullTime: number;
  extraTime?: { start: number; break: number; restart: number; end: number };
  shootOut?: { start: number; result: number };
}

/** A moment on the match clock: a goal, a card or a substitution. */
interface Timed {
  minute: number;
  stoppage: number | null;
}

/** The largest stoppage minute of a moment in the half that ends at `minute`, or `otherwise` when there is none. */
function largestStoppage(moments: readonly Timed[], minute: number, otherwise: number): number {
  const stoppages = moments.filter((g) => g.minute === minute && g.stoppage).map((g) => g.stoppage!);
  return stoppages.length > 0 ? Math.max(...stoppages) : otherwise;
}

/** Every moment of a match with a minute: its goals and its incidents. */
const momentsOf = (match: ImportedMatch): Timed[] => [...(match.goalEvents ?? []), ...(match.incidents ?? [])];

function clockOf(match: ImportedMatch, goals: readonly Timed[]): Clock {
  const kickOff = match.kickoffAt.getTime();
  const halfTime = kickOff + (45 + largestStoppage(goals, 45, 2)) * MINUTE;
  const restart = halfTime + 15 * MINUTE;
  const fullTime = restart + (45 + largestStoppage(goals, 90, 4)) * MINUTE;
  const clock: Clock = { kickOff, halfTime, restart, fullTime };
  const extra = Boolean(match.extraTime) || Boolean(match.penalties) || goals.some((g) => g.minute > 90);
  if (extra) {
    const start = fullTime + 5 * MINUTE;
    const firstEnd = start + (15 + largestStoppage(goals, 105, 1)) * MINUTE;
    const secondStart = firstEnd + MINUTE;
    const end = secondStart + (15 + largestStoppage(goals, 120, 1)) * MINUTE;
    clock.extraTime = { start, break: firstEnd, restart: secondStart, end };
    if (match.penalties) clock.shootOut = { start: end + 5 * MINUTE, result: end + 15 * MINUTE };
  }
  return clock;
}

/** The instant a goal is scored (a card shown, a substitute sent on) on the clock. */
function goalAt(goal: Timed, clock: Clock): number {
  const stoppage = goal.stoppage ?? 0;
  if (goal.minute <= 45) return clock.kickOff + (goal.minute - 1 + stoppage) * MINUTE;
  if (goal.minute <= 90) return clock.restart + (goal.minute - 46 + stoppage) * MINUTE;
  const extra = clock.extraTime ?? { start: clock.fullTime + 5 * MINUTE, restart: clock.fullTime + 21 * MINUTE };
  if (goal.minute <= 105) return extra.start + (goal.minute - 91 + stoppage) * MINUTE;
  return extra.restart + (goal.minute - 106 + stoppage) * MINUTE;
}

/** When the match is over and its full record known: full time, the end of extra time, or the shoot-out's result. */
export function finalWhistle(match: ImportedMatch): Date {
  const clock = clockOf(match, momentsOf(match));
  return new Date(clock.shootOut?.result ?? clock.extraTime?.end ?? clock.fullTime);
}

/** What names a timed event: its kind, its minute and a digest of what it is about. */
function contentOf(event: ImportedMatchEvent): string {
  const names = [event.scorer, event.player, event.playerOff].map((name) => (name ? normalizePersonName(name) : ''));
  const score = event.score ? `${event.score.home}-${event.score.away}` : '';
  const digest = createHash('sha256')
    .update([event.side ?? '', ...names, event.goalKind ?? '', score].join('|'))
    .digest('hex')
    .slice(0, 10);
  return `${event.kind}:${event.minute ?? ''}${event.stoppage ? `+${event.stoppage}` : ''}:${digest}`;
}

/** Keys the goals, cards and substitutions of one match's timeline by their content (two identical ones: `#2`). */
function contentKeys(events: ImportedMatchEvent[]): ImportedMatchEvent[] {
  const seen = new Map<string, number>();
  return events.map((event) => {
    if (!['goal', 'yellow-card', 'red-card', 'substitution'].includes(event.kind)) return event;
    const key = contentOf(event);
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return { ...event, key: n > 1 ? `${key}#${n}` : key };
  });
}

/** Every moment of the match in the order it happens, each with its instant and (where known) the score after it. */
export function matchTimeline(match: ImportedMatch): ImportedMatchEvent[] {
  const goals = match.goalEvents ?? null;
  const clock = clockOf(match, momentsOf(match));
  const ref = { source: match.source, externalId: match.externalId };
  const running = goals !== null;
  const score: Score = { home: 0, away: 0 };
  const events: ImportedMatchEvent[] = [];
  const period = (kind: ImportedMatchEvent['kind'], at: number, known: Score | null = running ? { ...score } : null) =>
    events.push({ match: ref, key: kind, kind, at: new Date(at), score: known });

  period('kick-off', clock.kickOff);
  const timed = (goals ?? []).map((goal, index) => ({ goal, index, at: goalAt(goal, clock) }));
  timed.sort((a, b) => a.at - b.at || a.index - b.index);
  const incidents = (match.incidents ?? []).map((incident, index) => ({ incident, index, at: goalAt(incident, clock) }));
  incidents.sort((a, b) => a.at - b.at || a.index - b.index);
  const incidentsUntil = (until: number) => {
    while (incidents.length > 0 && incidents[0]!.at < until) {
      const { incident, at } = incidents.shift()!;
      events.push({
        match: ref,
        key: incident.kind,
        kind: incident.kind,
        at: new Date(at),
        side: incident.side,
        minute: incident.minute,
        stoppage: incident.stoppage,
        player: incident.player,
        ...(incident.kind === 'substitution' ? { playerOff: incident.playerOff ?? null } : {}),
        score: null,
      });
    }
  };
  const goalsUntil = (until: number) => {
    while (timed.length > 0 && timed[0]!.at < until) {
      const { goal, at } = timed.shift()!;
      incidentsUntil(at);
      score[goal.side] += 1;
      events.push({
        match: ref,
        key: 'goal',
        kind: 'goal',
        at: new Date(at),
        side: goal.side,
        minute: goal.minute,
        stoppage: goal.stoppage,
        goalKind: goal.kind,
        scorer: goal.scorer,
        score: { ...score },
      });
    }
    incidentsUntil(until);
  };
  goalsUntil(clock.halfTime);
  period('half-time', clock.halfTime, running ? { ...score } : (match.halfTime ?? null));
  period('second-half', clock.restart, running ? { ...score } : (match.halfTime ?? null));
  goalsUntil(clock.fullTime);
  if (clock.extraTime) {
    period('end-of-90', clock.fullTime, running ? { ...score } : (match.goals ?? null));
    period('extra-time', clock.extraTime.start, running ? { ...score } : (match.goals ?? null));
    goalsUntil(clock.extraTime.break);
    period('extra-time-half-time', clock.extraTime.break);
    period('extra-time-second-half', clock.extraTime.restart);
    goalsUntil(clock.extraTime.end);
    if (clock.shootOut) {
      period('end-of-extra-time', clock.extraTime.end, running ? { ...score } : (match.extraTime ?? null));
      period('shoot-out', clock.shootOut.start, running ? { ...score } : (match.extraTime ?? null));
    }
  }
  goalsUntil(Infinity);
  const final = match.extraTime ?? match.goals ?? null;
  period('full-time', finalWhistle(match).getTime(), running ? { ...score } : final);
  return contentKeys(events);
}
