import type { DatasetInfo, FeedLeague, FeedMatch, FeedMatches } from '@matchday/contracts';
import type { FootballClient } from '@matchday/server';
import { WINDOW_DAYS } from '../model/constants';
import type { FittedModel } from '../model/dixon-coles';
import { fitRatings } from '../model/ratings';
import { trainingMatches } from '../model/walk-forward';

const DAY = 86_400_000;
/** How long a league's feed and fit are reused (the replay releases results while running). */
const CACHE_MS = 60_000;

export interface LeagueState {
  at: number;
  feed: FeedMatches;
  model: FittedModel;
}

/**
 * The one place the tips and Dream11 modules get the league feed (the football service's internal bulk read) and
 * the models fitted on it: the league list and each league's matches of the model's window onwards with the model
 * fitted on every result before now, both reused for CACHE_MS; and the model as it stood before a played match.
 */
export class LeagueFeed {
  private readonly cache = new Map<number, Promise<LeagueState>>();
  /** Football reads reused for CACHE_MS, by path. */
  private readonly reads = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(
    readonly football: FootballClient,
    readonly now: () => Date = () => new Date(),
  ) {}

  /** A football read reused for CACHE_MS (read afresh when the clock went back, or after a failure). */
  private reused<T>(path: string): Promise<T> {
    const at = this.now().getTime();
    const held = this.reads.get(path);
    if (held && at - held.at <= CACHE_MS && at >= held.at) return held.value as Promise<T>;
    const value = this.football.get<T>(path);
    this.reads.set(path, { at, value });
    value.catch(() => this.reads.get(path)?.value === value && this.reads.delete(path));
    return value;
  }

  leagues(): Promise<FeedLeague[]> {
    return this.reused<FeedLeague[]>('/internal/model-feed/leagues');
  }

  /**
   * The served replay's shift (GET /api/dataset: every stored kick-off is its real one plus this), 0 when no replay
   * is served: the tabs' days are real days (tips/job.ts).
   */
  async replayShiftMs(): Promise<number> {
    return (await this.reused<DatasetInfo>('/api/dataset')).replay?.shiftMs ?? 0;
  }

  /** The league's matches of the model's window and onwards, and the model fitted on every result before now. */
  leagueState(leagueId: number): Promise<LeagueState> {
    const at = this.now().getTime();
    const held = this.cache.get(leagueId);
    if (held) {
      const fresh = held.then((state) => at - state.at <= CACHE_MS && at >= state.at);
      return fresh.then((ok) => (ok ? held : this.refresh(leagueId, at)));
    }
    return this.refresh(leagueId, at);
  }

  private refresh(leagueId: number, at: number): Promise<LeagueState> {
    const state = this.history(leagueId, new Date(at - WINDOW_DAYS * DAY - 7 * DAY)).then((feed) => {
      const upcoming = feed.matches.filter((m) => m.homeGoals === null);
      const model = fitRatings(trainingMatches(feed.matches.filter((m) => Date.parse(m.kickoffAt) < at)), {
        asOf: at,
        season: upcoming[0]?.season ?? feed.league.currentSeason,
        alsoTeams: upcoming.flatMap((m) => [m.homeTeamId, m.awayTeamId]),
      });
      return { at, feed, model };
    });
    this.cache.set(leagueId, state);
    state.catch(() => this.cache.delete(leagueId));
    return state;
  }

  /** The model as it stood before `match` kicked off (a fresh fit on the results before its day for a match already played). */
  async modelFor(match: FeedMatch): Promise<{ model: FittedModel; state: LeagueState }> {
    const state = await this.leagueState(match.leagueId);
    const kickoff = Date.parse(match.kickoffAt);
    if (kickoff > state.at) return { model: state.model, state };
    const model = fitRatings(trainingMatches(state.feed.matches), {
      asOf: Math.floor(kickoff / DAY) * DAY,
      season: match.season,
      alsoTeams: [match.homeTeamId, match.awayTeamId],
    });
    return { model, state };
  }

  /** The league's matches kicking off from `from` (UTC day) onwards, read afresh (not cached). */
  history(leagueId: number, from: Date): Promise<FeedMatches> {
    return this.football.get<FeedMatches>(`/internal/model-feed/matches?leagueId=${leagueId}&from=${from.toISOString().slice(0, 10)}`);
  }

  /** Every league's fixtures kicking off in [from, to), oldest first, each with its league's state. */
  async matchesBetween(from: Date, to: Date): Promise<{ matches: Array<{ match: FeedMatch; state: LeagueState }>; demo: boolean }> {
    const matches: Array<{ match: FeedMatch; state: LeagueState }> = [];
    let demo = false;
    // asked side by side: one league's read (the football service's work) overlaps another's fit (this process's)
    const states = await Promise.all((await this.leagues()).map((league) => this.leagueState(league.id)));
    for (const state of states) {
      demo ||= state.feed.demo;
      for (const match of state.feed.matches) {
        const t = Date.parse(match.kickoffAt);
        if (t >= from.getTime() && t < to.getTime()) matches.push({ match, state });
      }
    }
    matches.sort((a, b) => Date.parse(a.match.kickoffAt) - Date.parse(b.match.kickoffAt) || a.match.id - b.match.id);
    return { matches, demo };
  }
}
