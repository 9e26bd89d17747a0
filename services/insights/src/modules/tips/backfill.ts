import type { FeedMatch } from '@matchday/contracts';
import { WINDOW_DAYS } from '../../model/constants';
import { forecastBlocks, trainingMatches } from '../../model/walk-forward';
import type { LeagueFeed } from '../league-feed';
import { newTip } from './cards';
import type { TipsJob } from './job';
import type { TipsRepository } from './repository';

const DAY = 86_400_000;

export interface BackfillReport {
  /** Played matches of the current seasons that had no tip when the backfill started. */
  pending: number;
  /** Tips stored (origin `backfill`) and tips graded by the grading that follows. */
  made: number;
  graded: number;
  /** Model fits (one per block of the walk-forward calendar holding a pending match). */
  fits: number;
  milliseconds: number;
}

/**
 * Between two fits: rests as long as the fit took, so that the backfill takes at most half a core while the other
 * services and the gateway start, and requests are answered in between.
 */
const giveWay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.ceil(ms)));

const kickoff = (m: FeedMatch) => Date.parse(m.kickoffAt);

/**
 * The season so far, tipped afterwards: every match of each league's current season that kicked off before now, is
 * played and has no tip gets the tip the model would have made before its kick-off, stored with origin `backfill`
 * and then graded like every tip (TipsJob.grade). What the tip reads is what was known before the match: the model is
 * the walk-forward's fit on every result (goals, shots on target, closing prices) before the match's block of
 * REFIT_DAYS days (model/walk-forward.ts), and the price and bookmaker's 1X2 are the match's pre-match ones (cards.ts:
 * newTip never reads closing prices or the result). A tip frozen live is never touched (one tip per fixture).
 *
 * Keyed by fixture: a restart finds the played matches tipped and fits nothing. Runs in the background after the
 * service is up (service.ts), resting between fits as long as each took.
 */
export class TipsBackfill {
  constructor(
    private readonly feed: LeagueFeed,
    private readonly repository: TipsRepository,
    private readonly job: TipsJob,
  ) {}

  async run(shouldStop: () => boolean = () => false): Promise<BackfillReport> {
    const started = performance.now();
    const now = this.feed.now();
    const report: BackfillReport = { pending: 0, made: 0, graded: 0, fits: 0, milliseconds: 0 };
    for (const league of await this.feed.leagues()) {
      const { feed } = await this.feed.leagueState(league.id);
      const played = feed.matches.filter(
        (m) => m.season === league.currentSeason && m.homeGoals !== null && m.awayGoals !== null && kickoff(m) < now.getTime(),
      );
      const tipped = new Set(await this.repository.tipped(played.map((m) => m.id)));
      const pending = new Set(played.filter((m) => !tipped.has(m.id)).map((m) => m.id));
      if (!pending.size || shouldStop()) continue;
      report.pending += pending.size;
      // the model's whole window before the first pending match (the league state holds only the window before now)
      const first = Math.min(...played.filter((m) => pending.has(m.id)).map(kickoff));
      const history = await this.feed.history(league.id, new Date(first - WINDOW_DAYS * DAY - DAY));
      const tests = history.matches
        .filter((m) => pending.has(m.id) && m.homeGoals !== null)
        .sort((a, b) => kickoff(a) - kickoff(b) || a.id - b.id);
      const training = trainingMatches(history.matches.filter((m) => kickoff(m) < now.getTime()));
      for (const block of forecastBlocks(training, tests)) {
        report.fits += 1;
        const tips = block.matches.map((m) => newTip(m, league.displayName, history.demo, block.model, now, 'backfill'));
        report.made += await this.repository.freeze(tips);
        if (shouldStop()) break;
        await giveWay(block.fitMilliseconds);
      }
    }
    if (report.made) report.graded = await this.job.grade();
    report.milliseconds = Math.round(performance.now() - started);
    return report;
  }
}
