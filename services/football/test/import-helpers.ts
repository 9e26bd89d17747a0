import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropMysqlDatabase, migrateLatest, openDatabase, repoRoot, type DatabaseTarget, type Knex } from '@matchday/server';
import { startService, type RunningService } from '@matchday/testing';
import { migrations } from '../src/db/migrations';
import { runImport } from '../src/importers/cli';
import { football } from '../src/service';

/** ../shared/data beside the repository (MATCHDAY_DATA_DIR overrides); fails clearly when absent. */
export function sharedData(...parts: string[]): string {
  const root = path.resolve(repoRoot, process.env.MATCHDAY_DATA_DIR ?? '../shared/data');
  const file = path.join(root, ...parts);
  if (!fs.existsSync(file)) throw new Error(`Reference data ${file} is missing: these tests read ../shared/data (or MATCHDAY_DATA_DIR)`);
  return file;
}

export function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-import-'));
}

/** A fresh, migrated football database (closed and, on MySQL, dropped by close()). */
export async function freshDatabase(target: DatabaseTarget): Promise<{ db: Knex; close(): Promise<void> }> {
  const db = await openDatabase(target);
  await migrateLatest(db, migrations);
  return {
    db,
    async close() {
      await db.destroy();
      if (target.client === 'mysql') await dropMysqlDatabase(target.location);
    },
  };
}

const SNAPSHOT_TABLES: Record<string, string[]> = {
  leagues: ['id'],
  seasons: ['league_id', 'year'],
  teams: ['id'],
  team_aliases: ['alias'],
  venues: ['id'],
  fixtures: ['id'],
  fixture_team_stats: ['fixture_id', 'team_id'],
  fixture_odds: ['fixture_id', 'bookmaker', 'timing'],
  players: ['id'],
  squad_members: ['team_id', 'season', 'player_id'],
  fixture_player_stats: ['fixture_id', 'player_id'],
  standings_adjustments: ['id'],
  external_ids: ['entity', 'source', 'external_id'],
  dataset_meta: ['key'],
};

/** Row count and a digest of every row of every football table: equal snapshots = nothing changed. */
export async function snapshot(db: Knex): Promise<Record<string, { rows: number; digest: string }>> {
  const out: Record<string, { rows: number; digest: string }> = {};
  for (const [table, order] of Object.entries(SNAPSHOT_TABLES)) {
    const rows = (await db(table).select('*').orderBy(order)) as unknown[];
    out[table] = { rows: rows.length, digest: createHash('sha256').update(JSON.stringify(rows)).digest('hex').slice(0, 16) };
  }
  return out;
}

export async function count(query: Knex.QueryBuilder): Promise<number> {
  const [row] = (await query.count({ n: '*' })) as Array<{ n: number | string }>;
  return Number(row?.n ?? 0);
}

/** The real 2024-25 Premier League: football-data.co.uk's results and statistics (E0), FPL's players (merged_gw). */
export function premierLeague2024(): string[][] {
  return [
    ['football-data-co-uk', sharedData('football-data-co-uk', 'E0-2425.csv')],
    ['fpl', sharedData('fpl', '2024-25')],
  ];
}

/** The football service on a fresh database with `imports` run through the importer, each without a problem. */
export async function serviceWithImports(target: DatabaseTarget, imports: ReadonlyArray<readonly string[]>): Promise<RunningService> {
  const service = await startService(football, target);
  for (const argv of imports) {
    const report = await runImport([...argv], { db: service.db, cwd: repoRoot, progress: false, log: () => undefined });
    expect(report.problems).toEqual([]);
  }
  return service;
}

/** A 200 reply's JSON; anything else fails with its status and body. */
export async function getJson<T>(service: RunningService, pathname: string): Promise<T> {
  const response = await service.request(pathname);
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${pathname}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** The id of the stored fixture of these clubs (as the app names them) in this league and season. */
export async function fixtureIdByTeams(db: Knex, leagueId: number, season: number, home: string, away: string): Promise<number> {
  const row = (await db('fixtures as f')
    .join('teams as h', 'h.id', 'f.home_team_id')
    .join('teams as a', 'a.id', 'f.away_team_id')
    .where({ 'f.league_id': leagueId, 'f.season': season, 'h.name': home, 'a.name': away })
    .first('f.id')) as { id: number } | undefined;
  if (!row) throw new Error(`${home} v ${away} not stored`);
  return Number(row.id);
}
