import type { FeedLeague, FeedMatch } from '@matchday/contracts';
import { WINDOW_DAYS } from '../model/constants';
import type { FittedModel } from '../model/dixon-coles';
import { forecastBlocks, trainingMatches } from '../model/walk-forward';
import type { LeagueFeed } from './league-feed';

const DAY = 86_400_000;

const kickoff = (m: FeedMatch) => Date.parse(m.kickoffAt);

/**
 * Between two fits: rests as long as the fit took, so that work made afterwards takes at most half a core while the
 * other services and the gateway start, and requests are answered in between.
 */
const giveWay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.ceil(ms)));

/** Played matches of one league with the model as it stood before them. */
export interface PendingBlock {
  league: FeedLeague;
  demo: boolean;
  /** Oldest first. */
  matches: FeedMatch[];
  /** Fitted on every result (goals, shots on target, closing prices) before the block's first day, nothing later. */
  model: FittedModel;
  /** The league's matches from the model's window on (oldest first), for figures read before a kick-off. */
  history: readonly FeedMatch[];
}

export interface SeasonSoFarOptions {
  /** The fixtures among these already done (a restart skips them and fits nothing for them). */
  done: (fixtureIds: readonly number[]) => Promise<number[]>;
  shouldStop: () => boolean;
  /** Whether a league's pending matches are wanted, asked with its first one before any fit (default: every league). */
  wanted?: (first: FeedMatch) => Promise<boolean>;
  /** Told how many matches of a league are pending, before its first fit. */
  onPending?: (count: number) => void;
}

/**
 * The season so far, for work made afterwards from what was known before each kick-off (the tips backfill, the
 * Dream11 record): every match of each league's current season that kicked off before now, is played and is not done
 * yet, in the walk-forward's blocks of REFIT_DAYS days (model/walk-forward.ts), each with the model fitted on every
 * result before the block's first day. Rests after each block as long as its fit took.
 */
export async function* seasonSoFar(feed: LeagueFeed, options: SeasonSoFarOptions): AsyncGenerator<PendingBlock> {
  const now = feed.now();
  for (const league of await feed.leagues()) {
    if (options.shouldStop()) return;
    const { feed: state } = await feed.leagueState(league.id);
    const played = state.matches.filter(
      (m) => m.season === league.currentSeason && m.homeGoals !== null && m.awayGoals !== null && kickoff(m) < now.getTime(),
    );
    const done = new Set(await options.done(played.map((m) => m.id)));
    const pending = played.filter((m) => !done.has(m.id));
    if (!pending.length || (options.wanted && !(await options.wanted(pending[0]!)))) continue;
    options.onPending?.(pending.length);
    const ids = new Set(pending.map((m) => m.id));
    // the model's whole window before the first pending match (the league state holds only the window before now)
    const first = Math.min(...pending.map(kickoff));
    const history = await feed.history(league.id, new Date(first - WINDOW_DAYS * DAY - DAY));
    const tests = history.matches
      .filter((m) => ids.has(m.id) && m.homeGoals !== null)
      .sort((a, b) => kickoff(a) - kickoff(b) || a.id - b.id);
    const training = trainingMatches(history.matches.filter((m) => kickoff(m) < now.getTime()));
    for (const block of forecastBlocks(training, tests)) {
      yield { league, demo: history.demo, matches: block.matches, model: block.model, history: history.matches };
      if (options.shouldStop()) return;
      await giveWay(block.fitMilliseconds);
    }
  }
}
