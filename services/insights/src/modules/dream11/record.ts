import type { Dream11Record, FeedMatch, FeedPlayedLines, FeedSquads } from '@matchday/contracts';
import { toDate, toSqlDateTime, type FootballClient } from '@matchday/server';
import { realised } from '../../fantasy/backtest';
import { optimise, RULES, type Candidate } from '../../fantasy/optimiser';
import { creditsOf, dream11Points, roleOf } from '../../fantasy/scoring';
import type { FittedModel } from '../../model/dixon-coles';
import type { LeagueFeed } from '../league-feed';
import { seasonSoFar } from '../season-so-far';
import { ORIGIN_LABELS } from '../tips/record';
import { averageGoalsBefore, candidatesOf, expectedPlayers, RATE_MATCHES, RECENT_MATCHES } from './players';
import type { Dream11RecordRepository, Dream11RecordRow } from './repository';
import type { Dream11Engine } from './service';

/** How many of the latest matches the record lists. */
export const RECORD_RECENT = 5;

export const DREAM11_RECORD_NOTE =
  "The model's teams for the season's played matches were picked after the matches, from only what was known before each kick-off (earlier matches' player lines, the line-ups announced an hour before, the club ratings; credits from the players' current prices), and scored on the Dream11 points the players then made, captain x2 and vice-captain x1.5. The form pick is the best team on each player's mean Dream11 points over his side's last 5 matches.";

export interface Dream11RecordReport {
  /** Played matches of the current seasons with player points that had no row when the run started. */
  pending: number;
  /** Rows stored (with points, or without where no team could be made). */
  made: number;
  fits: number;
  milliseconds: number;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * The Dream11 record, made afterwards: for every played match of the current season in a league with player points
 * (the Premier League's FPL lines in the default world), the team the model would have picked before kick-off (its safe
 * XI, as on the match's card: the walk-forward's fit on results before the match's block, the players' lines before the
 * match, the starting XI where announced) and the fan's form pick (the best XI on each player's mean points over his
 * side's last RECENT_MATCHES matches), both scored on the points the players made in the match (read only to score).
 *
 * Keyed by fixture: a restart finds the matches done and fits nothing. Runs in the background after the tips backfill
 * (service.ts; off with it, TIPS_BACKFILL=off), resting between fits as long as each took.
 */
export class Dream11RecordBackfill {
  constructor(
    private readonly feed: LeagueFeed,
    private readonly football: FootballClient,
    private readonly engine: Dream11Engine,
    private readonly repository: Dream11RecordRepository,
  ) {}

  private played(fixtureId: number): Promise<FeedPlayedLines> {
    return this.football.get<FeedPlayedLines>(`/internal/model-feed/played?fixtureId=${fixtureId}`);
  }

  /** A league is wanted when its first pending match has squads and its players' points. */
  private async wanted(match: FeedMatch): Promise<boolean> {
    return (await this.engine.hasSquads(match)) && (await this.played(match.id)).lines.length >= 2 * RULES.players;
  }

  async run(shouldStop: () => boolean = () => false): Promise<Dream11RecordReport> {
    const started = performance.now();
    const now = this.feed.now();
    const report: Dream11RecordReport = { pending: 0, made: 0, fits: 0, milliseconds: 0 };
    const blocks = seasonSoFar(this.feed, {
      done: (fixtureIds) => this.repository.recorded(fixtureIds),
      shouldStop,
      wanted: (match) => this.wanted(match),
      onPending: (count) => (report.pending += count),
    });
    for await (const block of blocks) {
      report.fits += 1;
      for (const match of block.matches) {
        if (shouldStop()) break;
        const scored = await this.score(match, block.model, averageGoalsBefore(block.history, match.kickoffAt));
        const stored = await this.repository.store({
          fixture_id: match.id,
          league_id: match.leagueId,
          league_name: block.league.displayName,
          kickoff_at: toSqlDateTime(new Date(match.kickoffAt)),
          home_team: match.homeTeam,
          away_team: match.awayTeam,
          model_points: scored?.model ?? null,
          form_points: scored?.form ?? null,
          captain: scored?.captain ?? null,
          made_at: toSqlDateTime(now),
        });
        if (stored) report.made += 1;
      }
    }
    report.milliseconds = Math.round(performance.now() - started);
    return report;
  }

  /** The model's safe XI and the form pick of one played match, on its realised points; null where no team can be made. */
  private async score(
    match: FeedMatch,
    model: FittedModel,
    averageGoals: number,
  ): Promise<{ model: number; form: number; captain: string } | null> {
    const squads = await this.football.get<FeedSquads>(`/internal/model-feed/squads?fixtureId=${match.id}&recent=${RATE_MATCHES}`);
    const players = expectedPlayers(squads, model, averageGoals, squads.lineup?.length ? new Set(squads.lineup) : null);
    const form: Candidate[] = squads.players.map((player) => {
      const role = roleOf(player.position);
      const byFixture = new Map(player.recent.map((line) => [line.fixtureId, line]));
      const recent = (squads.teamRecent[player.teamId] ?? []).slice(0, RECENT_MATCHES).map((m) => byFixture.get(m.fixtureId));
      const points = recent.map((line) => (line ? dream11Points(role, line) : 0));
      const score = points.length ? points.reduce((s, p) => s + p, 0) / points.length : 0;
      return { id: player.playerId, role, teamId: player.teamId, credits: creditsOf(player.price), score };
    });
    const [modelPick, formPick] = [await optimise(candidatesOf(players, 0)), await optimise(form)];
    if (!modelPick || !formPick) return null;
    // what the players made in the match: read to score the two teams only, after both were picked
    const points = new Map(squads.players.map((p) => [p.playerId, 0]));
    const role = new Map(players.map((p) => [p.playerId, p.role]));
    for (const { playerId, line } of (await this.played(match.id)).lines) {
      if (points.has(playerId)) points.set(playerId, dream11Points(role.get(playerId)!, line));
    }
    const captain = players.find((p) => p.playerId === modelPick.captainId)!;
    return { model: round1(realised(modelPick, points)), form: round1(realised(formPick, points)), captain: captain.name };
  }

  /** GET /api/dream11/record: the stored matches' averages and the latest few. */
  async record(): Promise<Dream11Record> {
    const rows = await this.repository.scored();
    const mean = (pick: (row: Dream11RecordRow) => number) =>
      rows.length ? round1(rows.reduce((s, row) => s + pick(row), 0) / rows.length) : null;
    return {
      origin: 'backfill',
      label: ORIGIN_LABELS.backfill,
      matches: rows.length,
      modelAverage: mean((row) => Number(row.model_points)),
      formAverage: mean((row) => Number(row.form_points)),
      modelAhead: rows.filter((row) => Number(row.model_points) > Number(row.form_points)).length,
      recent: rows.slice(0, RECORD_RECENT).map((row) => ({
        fixtureId: Number(row.fixture_id),
        match: `${row.home_team} vs ${row.away_team}`,
        league: row.league_name,
        kickoffAt: toDate(row.kickoff_at)!.toISOString(),
        modelPoints: Number(row.model_points),
        formPoints: Number(row.form_points),
        captain: row.captain ?? '',
      })),
      note: DREAM11_RECORD_NOTE,
    };
  }
}
