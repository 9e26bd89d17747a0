import { matchClock, type LiveMatch, type LivePeriod, type MatchEvent, type MatchEventKind } from '@matchday/contracts';

/**
 * A live match's clock and state from its events: the last period event says which period it is in and
 * when that period began; the minute runs from there as broadcasters show it (45+2, HT, 46, ET, Pens, FT), by the
 * same matchClock the pages run it on with.
 */

const PERIOD_OF: Partial<Record<MatchEventKind, { period: LivePeriod; from?: number; label?: string }>> = {
  'kick-off': { period: '1H', from: 1 },
  'half-time': { period: 'HT', label: 'HT' },
  'second-half': { period: '2H', from: 46 },
  'end-of-90': { period: 'BT', label: 'ET' },
  'extra-time': { period: 'ET1', from: 91 },
  'extra-time-half-time': { period: 'ETHT', label: 'ET' },
  'extra-time-second-half': { period: 'ET2', from: 106 },
  'end-of-extra-time': { period: 'PEN', label: 'Pens' },
  'shoot-out': { period: 'PEN', label: 'Pens' },
  'full-time': { period: 'FT', label: 'FT' },
};

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
    // the period's clock runs from its first minute and the event that began it (stoppage time past its last)
    minute = clock.label ?? matchClock(clock.period, String(clock.from), Date.parse(event.at), nowMs);
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
