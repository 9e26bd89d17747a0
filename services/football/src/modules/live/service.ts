import type { LiveMatch, LivePeriod, MatchEvent, MatchEventKind } from '@matchday/contracts';

/**
 * A live match's clock and state from its events: the last period event says which period it is in and
 * when that period began; the minute runs from there as broadcasters show it (45+2, HT, 46, ET, Pens, FT).
 */

const PERIOD_OF: Partial<Record<MatchEventKind, { period: LivePeriod; from?: number; cap?: number; label?: string }>> = {
  'kick-off': { period: '1H', from: 1, cap: 45 },
  'half-time': { period: 'HT', label: 'HT' },
  'second-half': { period: '2H', from: 46, cap: 90 },
  'end-of-90': { period: 'BT', label: 'ET' },
  'extra-time': { period: 'ET1', from: 91, cap: 105 },
  'extra-time-half-time': { period: 'ETHT', label: 'ET' },
  'extra-time-second-half': { period: 'ET2', from: 106, cap: 120 },
  'end-of-extra-time': { period: 'PEN', label: 'Pens' },
  'shoot-out': { period: 'PEN', label: 'Pens' },
  'full-time': { period: 'FT', label: 'FT' },
};

/** "45+2" past the period's last minute, else the minute. */
export function clockLabel(from: number, cap: number, startedMs: number, nowMs: number): string {
  const minute = from + Math.max(0, Math.floor((nowMs - startedMs) / 60_000));
  return minute > cap ? `${cap}+${minute - cap}` : String(minute);
}

export interface FixtureLiveRow {
  fixtureId: number;
  leagueId: number;
  status: LiveMatch['status'];
  goalsHome: number | null;
  goalsAway: number | null;
  goalsHomeEt: number | null;
  goalsAwayEt: number | null;
  penaltiesHome: number | null;
  penaltiesAway: number | null;
  homeTeamId: number;
  awayTeamId: number;
  homeTeam: string;
  awayTeam: string;
}

/** The match as it stands at `nowMs` after `events` (in seq order; at least one). */
export function liveMatchOf(row: FixtureLiveRow, events: readonly MatchEvent[], nowMs: number): LiveMatch {
  const last = events[events.length - 1];
  let period: LivePeriod = row.status === 'finished' ? 'FT' : '1H';
  let minute = row.status === 'finished' ? 'FT' : '1';
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const event = events[i]!;
    const clock = PERIOD_OF[event.kind];
    if (!clock) continue;
    period = clock.period;
    minute = clock.label ?? clockLabel(clock.from!, clock.cap!, Date.parse(event.at), nowMs);
    break;
  }
  const inExtraTime = row.goalsHomeEt !== null && ['ET1', 'ETHT', 'ET2', 'PEN', 'FT'].includes(period);
  return {
    fixtureId: row.fixtureId,
    leagueId: row.leagueId,
    homeTeamId: row.homeTeamId,
    awayTeamId: row.awayTeamId,
    homeTeam: row.homeTeam,
    awayTeam: row.awayTeam,
    status: row.status,
    period,
    minute,
    goalsHome: inExtraTime ? row.goalsHomeEt : row.goalsHome,
    goalsAway: inExtraTime ? row.goalsAwayEt : row.goalsAway,
    penaltiesHome: row.penaltiesHome,
    penaltiesAway: row.penaltiesAway,
    lastSeq: last?.seq ?? 0,
    updatedAt: last?.at ?? new Date(nowMs).toISOString(),
  };
}
