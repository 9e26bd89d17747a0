import type { LeagueFeed } from '../league-feed';
import { seasonSoFar } from '../season-so-far';
import { newTip } from './cards';
import type { TipsJob } from './job';
import type { TipsRepository } from './repository';

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
 * The season so far, tipped afterwards: every match of each league's current season that kicked off before now, is
 * played and has no tip gets the tip the model would have made before its kick-off, stored with origin `backfill`
 * and then graded like every tip (TipsJob.grade). What the tip reads is what was known before the match: the model is
 * the walk-forward's fit on every result (goals, shots on target, closing prices) before the match's block of
 * REFIT_DAYS days (../season-so-far.ts), and the price and bookmaker's 1X2 are the match's pre-match ones (cards.ts:
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
    const blocks = seasonSoFar(this.feed, {
      done: (fixtureIds) => this.repository.tipped(fixtureIds),
      shouldStop,
      onPending: (count) => (report.pending += count),
    });
    for await (const block of blocks) {
      report.fits += 1;
      const tips = block.matches.map((m) => newTip(m, block.league.displayName, block.demo, block.model, now, 'backfill'));
      report.made += await this.repository.freeze(tips);
    }
    if (report.made) report.graded = await this.job.grade();
    report.milliseconds = Math.round(performance.now() - started);
    return report;
  }
}
