/**
 * Latency and throughput of every football read endpoint through the gateway, over a large generated
 * dataset (the demo generator with synthetic leagues: by default 50 leagues x 5 seasons, about 100,000
 * fixtures and 2.5 million player-match rows), plus the generation time and the import time of one
 * real season (Premier League 2023-24: football-data.co.uk + FPL). Prints a Markdown table.
 *
 *   flock /tmp/matchday-build.lock npx tsx bench/football-api.ts
 *
 * Latency (p50/p95) is measured with one connection, throughput (req/s) with BENCH_CONNECTIONS.
 * Environment: BENCH_LEAGUES (50), BENCH_SEASONS (5), BENCH_SECONDS per run (5), BENCH_CONNECTIONS (4),
 * BENCH_MYSQL_URL (mysql://user:pass@host:port: also generate into MySQL and measure the stack on it),
 * BENCH_REUSE_SQLITE (a football.sqlite generated before: copied instead of generating again),
 * BENCH_SQLITE=0 (measure MySQL only), BENCH_ENDPOINTS (comma-separated parts of endpoint names: measure only those,
 * e.g. BENCH_ENDPOINTS=search), BENCH_IMPORT=0 (skip the real-season import), BENCH_GATEWAY_CACHE=1 (measure with the
 * gateway's response cache on: cached reads; by default it is off, so every request reaches the service).
 *
 * The gateway's per-session rate limit is lifted for the run (one session sends thousands of requests); a run
 * in which any reply was not 2xx says so and exits 1, as its figures would time refusals.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  dropMysqlDatabase,
  migrateLatest,
  openDatabase,
  repoRoot,
  toDate,
  toSqlDateTime,
  type DatabaseTarget,
  type Knex,
} from '@matchday/server';
import { signInThroughDevProvider } from '@matchday/dev-oidc';
import { freePort } from '../scripts/lib/processes';
import { startStack } from '../scripts/lib/stack';
import { migrations } from '@matchday/football/src/db/migrations';
import { generateDataset, markDemo, type GenerateSummary } from '@matchday/football/src/importers/demo/demo';
import { runImport } from '@matchday/football/src/importers/cli';

const LEAGUES = Number(process.env.BENCH_LEAGUES ?? 50);
const SEASONS = Number(process.env.BENCH_SEASONS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
/** Different parameter sets per endpoint, taken in turn, so that one cached row does not flatter it. */
const VARIANTS = 20;

interface Run {
  p50: number;
  p95: number;
  rps: number;
  requests: number;
  non2xx: number;
  bytes: number;
}

/** Latency with one connection (one request at a time), throughput with CONNECTIONS concurrent ones. */
interface Measurement {
  endpoint: string;
  latency: Run;
  load: Run;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

async function run(url: string, cookie: string, paths: string[], connections: number): Promise<Run> {
  const times: number[] = [];
  let bytes = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: SECONDS,
        headers: { cookie },
        requests: paths.map((p) => ({ method: 'GET', path: p })),
      },
      (error: unknown, done: autocannon.Result) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done),
    );
    instance.on('response', (_client, _status, resBytes, responseTime) => {
      times.push(responseTime);
      bytes += resBytes;
    });
  });
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    rps: result.requests.average,
    requests: times.length,
    non2xx: result.non2xx + result.errors,
    bytes: times.length ? Math.round(bytes / times.length) : 0,
  };
}

/** Parameter sets drawn from the generated data: current-season finished fixtures across leagues. */
async function samples(db: Knex, currentSeason: number) {
  const fixtures: Array<{ id: number; league_id: number; season: number; home_team_id: number; away_team_id: number }> = await db(
    'fixtures',
  )
    .where({ season: currentSeason, status: 'finished' })
    .whereIn('league_id', db('leagues').select('id'))
    .orderByRaw('(id * 7919) % 1009')
    .limit(VARIANTS)
    .select('id', 'league_id', 'season', 'home_team_id', 'away_team_id');
  const players: Array<{ player_id: number; league_id: number }> = [];
  for (const f of fixtures) {
    const row = await db('fixture_player_stats').where({ fixture_id: f.id }).orderBy('goals', 'desc').first('player_id');
    players.push({ player_id: Number(row.player_id), league_id: f.league_id });
  }
  const teams: Array<{ name: string }> = await db('teams').whereIn(
    'id',
    fixtures.map((f) => f.home_team_id),
  );
  const names: Array<{ name: string }> = await db('players').whereIn(
    'id',
    players.map((p) => p.player_id),
  );
  // The week's first pages as the screen reads them: limit=48, then each page's cursor (its last kick-off and id).
  const from = new Date(new Date().setUTCHours(0, 0, 0, 0));
  const week: Array<{ id: number; kickoff_at: unknown }> = await db('fixtures')
    .where('kickoff_at', '>=', toSqlDateTime(from))
    .where('kickoff_at', '<', toSqlDateTime(new Date(from.getTime() + 7 * 86_400_000)))
    .orderBy([{ column: 'kickoff_at' }, { column: 'id' }])
    .select('id', 'kickoff_at');
  const weekPages = ['/api/fixtures/filter?type=week&tz=UTC&limit=48'];
  for (let i = 47; i < week.length - 1 && weekPages.length < VARIANTS; i += 48) {
    const seconds = (toDate(week[i]!.kickoff_at) ?? new Date(0)).getTime() / 1000;
    weekPages.push(`/api/fixtures/filter?type=week&tz=UTC&limit=48&cursor=${seconds}_${week[i]!.id}`);
  }
  return { fixtures, players, teams, names, weekPages };
}

type Paths = Array<[endpoint: string, paths: string[]]>;

/** Replies that were not 2xx, over every run. */
let refused = 0;

function endpointPaths(s: Awaited<ReturnType<typeof samples>>): Paths {
  const f = s.fixtures;
  return [
    ['GET /api/leagues', ['/api/leagues']],
    ['GET /api/dataset', ['/api/dataset']],
    ['GET /api/fixtures/filter?type=today', ['/api/fixtures/filter?type=today']],
    ['GET /api/fixtures/filter?type=week', ['/api/fixtures/filter?type=week']],
    // What Home's This Week tab asks for: the first page, then the next pages through their cursors.
    ['GET /api/fixtures/filter (week pages: limit=48, cursor)', s.weekPages],
    ['GET /api/fixtures/filter?leagueId', f.map((x) => `/api/fixtures/filter?leagueId=${x.league_id}`)],
    ['GET /api/fixtures/filter?leagueId&season', f.map((x) => `/api/fixtures/filter?leagueId=${x.league_id}&season=${x.season}`)],
    ['GET /api/fixtures?team', s.teams.map((t) => `/api/fixtures?team=${encodeURIComponent(t.name.split(' ')[0]!)}`)],
    // What Home's team filter asks for: the first page of that team list.
    ['GET /api/fixtures?team&limit=48', s.teams.map((t) => `/api/fixtures?team=${encodeURIComponent(t.name.split(' ')[0]!)}&limit=48`)],
    [
      'GET /api/players?teamId&leagueId&season',
      f.map((x) => `/api/players?teamId=${x.home_team_id}&leagueId=${x.league_id}&season=${x.season}`),
    ],
    [
      'GET /api/players?homeTeamId&awayTeamId&leagueId&season',
      f.map((x) => `/api/players?homeTeamId=${x.home_team_id}&awayTeamId=${x.away_team_id}&leagueId=${x.league_id}&season=${x.season}`),
    ],
    ['GET /api/players', ['/api/players']],
    [
      'GET /api/player-stats/league?playerId&leagueId&season',
      s.players.map((p, i) => `/api/player-stats/league?playerId=${p.player_id}&leagueId=${p.league_id}&season=${f[i]!.season}`),
    ],
    ['GET /api/player-stats/fixtures?playerId', s.players.map((p) => `/api/player-stats/fixtures?playerId=${p.player_id}`)],
    ['GET /api/fixture-stats/{id}', f.map((x) => `/api/fixture-stats/${x.id}`)],
    ['GET /api/fixture/{id}/players', f.map((x) => `/api/fixture/${x.id}/players`)],
    ['GET /api/standings?leagueId&season', f.map((x) => `/api/standings?leagueId=${x.league_id}&season=${x.season}`)],
    ['GET /api/top-scorers/{leagueId}/{season}', f.map((x) => `/api/top-scorers/${x.league_id}/${x.season}`)],
    ['GET /api/h2h?homeTeamId&awayTeamId', f.map((x) => `/api/h2h?homeTeamId=${x.home_team_id}&awayTeamId=${x.away_team_id}`)],
    [
      'GET /api/team-stats?teamId&leagueId&season',
      f.map((x) => `/api/team-stats?teamId=${x.home_team_id}&leagueId=${x.league_id}&season=${x.season}`),
    ],
    // What a fan types: a player's last name, its first 3 letters, a team's last word, and 2-letter starts
    // that match thousands of names (the index range is read only as far as the first candidates).
    [
      'GET /api/search?q',
      [
        ...s.names.map((p) => p.name.split(' ').pop()!.toLowerCase()),
        ...s.names.map((p) => p.name.slice(0, 3).toLowerCase()),
        ...s.teams.map((t) => t.name.split(' ').pop()!.toLowerCase()),
        'ma',
        'jo',
        'sa',
        'fc',
      ].map((q) => `/api/search?q=${encodeURIComponent(q)}`),
    ],
  ];
}

/** The endpoints BENCH_ENDPOINTS names (all when unset). */
function selected(all: Paths): Paths {
  const wanted = (process.env.BENCH_ENDPOINTS ?? '').split(',').filter(Boolean);
  return wanted.length === 0 ? all : all.filter(([endpoint]) => wanted.some((w) => endpoint.includes(w)));
}

async function generate(target: DatabaseTarget): Promise<GenerateSummary> {
  const db = await openDatabase(target);
  try {
    await migrateLatest(db, migrations);
    const today = new Date();
    let last = 0;
    const summary = await generateDataset(db, {
      today,
      seasons: SEASONS,
      extraLeagues: Math.max(0, LEAGUES - 3),
      onProgress: ({ done, total }) => {
        const percent = Math.floor((done / total) * 100);
        if (percent >= last + 10) {
          last = percent;
          process.stderr.write(`  generated ${percent}% (${done}/${total} league-seasons)\n`);
        }
      },
    });
    await markDemo(db, today);
    return summary;
  } finally {
    await db.destroy();
  }
}

async function importRealSeason(): Promise<string> {
  const data = path.resolve(repoRoot, process.env.MATCHDAY_DATA_DIR ?? '../shared/data');
  const csv = path.join(data, 'football-data-co-uk', 'E0-2324.csv');
  const fpl = path.join(data, 'fpl', '2023-24');
  if (!fs.existsSync(csv) || !fs.existsSync(fpl)) return 'n/a (no ../shared/data)';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-bench-import-'));
  const db = await openDatabase({ client: 'sqlite', location: path.join(dir, 'football.sqlite') });
  try {
    await migrateLatest(db, migrations);
    const started = Date.now();
    const quiet = { db, cwd: repoRoot, progress: false, log: () => undefined };
    const results = await runImport(['football-data-co-uk', csv], quiet);
    const players = await runImport(['fpl', fpl], quiet);
    const seconds = (Date.now() - started) / 1000;
    return `${seconds.toFixed(1)} s (380 fixtures with stats and odds; ${players.totals['player match rows'].created} player-match rows; ${results.problems.length + players.problems.length} problems)`;
  } finally {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function benchStack(label: string, dataDir: string, env: NodeJS.ProcessEnv, target: DatabaseTarget): Promise<Measurement[]> {
  const db = await openDatabase(target);
  let paths: Paths;
  try {
    const [league] = await db('leagues').limit(1).select('current_season');
    paths = selected(endpointPaths(await samples(db, Number(league.current_season))));
  } finally {
    await db.destroy();
  }
  const gateway: NodeJS.ProcessEnv = {
    GATEWAY_RATE_API_PER_10S: '10000000',
    GATEWAY_SESSION_IN_FLIGHT: '100000',
    ...(process.env.BENCH_GATEWAY_CACHE === '1' ? {} : { GATEWAY_CACHE_TTL_MS: '0' }),
  };
  const stack = await startStack({ port: await freePort(), dataDir, env: { LOG_LEVEL: 'error', ...gateway, ...env } });
  try {
    const cookie = await signInThroughDevProvider(stack.url, 'bench@example.com');
    const out: Measurement[] = [];
    for (const [endpoint, list] of paths) {
      // Warm-up: one pass over the variants.
      for (const p of list) await fetch(new URL(p, stack.url), { headers: { cookie } });
      const latency = await run(stack.url, cookie, list, 1);
      const load = await run(stack.url, cookie, list, CONNECTIONS);
      process.stderr.write(
        `  ${label} ${endpoint}: p50 ${latency.p50.toFixed(1)} ms, p95 ${latency.p95.toFixed(1)} ms, ${load.rps.toFixed(0)} req/s\n`,
      );
      out.push({ endpoint, latency, load });
      refused += latency.non2xx + load.non2xx;
    }
    return out;
  } finally {
    await stack.stop();
  }
}

function table(rows: Measurement[]): string {
  const lines = [
    `| Endpoint | p50 (ms) | p95 (ms) | req/s (${CONNECTIONS} conn.) | p50 at ${CONNECTIONS} conn. (ms) | requests | non-2xx | bytes/reply |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.endpoint} | ${r.latency.p50.toFixed(1)} | ${r.latency.p95.toFixed(1)} | ${r.load.rps.toFixed(0)} | ${r.load.p50.toFixed(1)} | ` +
        `${r.latency.requests + r.load.requests} | ${r.latency.non2xx + r.load.non2xx} | ${r.latency.bytes} |`,
    ),
  ];
  return lines.join('\n');
}

function describeSummary(s: GenerateSummary): string {
  return (
    `${s.leagues} leagues x ${s.seasons} seasons: ${s.teams} clubs, ${s.players} players, ${s.fixtures} fixtures ` +
    `(${s.finishedFixtures} played), ${s.teamStatRows} team-stat rows, ${s.playerStatRows} player-match rows, ` +
    `generated in ${(s.milliseconds / 1000).toFixed(1)} s (${Math.round(s.playerStatRows / (s.milliseconds / 1000))} player rows/s)`
  );
}

async function main(): Promise<void> {
  const report: string[] = [`# Football API benchmark (${new Date().toISOString()})`, ''];
  report.push(
    `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} at start; through the gateway with a signed-in session, its response cache ${process.env.BENCH_GATEWAY_CACHE === '1' ? 'on (cached reads)' : 'off (every read reaches the service)'}; per endpoint ${SECONDS} s with one connection (latency) then ${SECONDS} s with ${CONNECTIONS} (throughput), ${VARIANTS} parameter sets in turn.`,
    '',
  );

  if (process.env.BENCH_IMPORT !== '0') {
    process.stderr.write('Importing one real season...\n');
    report.push(`Import of one real season (Premier League 2023-24, football-data.co.uk + FPL, SQLite): ${await importRealSeason()}`, '');
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-bench-'));
  try {
    const sqlite: DatabaseTarget = { client: 'sqlite', location: path.join(dataDir, 'football.sqlite') };
    const reuse = process.env.BENCH_REUSE_SQLITE;
    if (process.env.BENCH_SQLITE !== '0') {
      if (reuse) {
        fs.copyFileSync(reuse, sqlite.location);
        report.push(`SQLite dataset: copied from ${reuse} (generated before)`, '');
      } else {
        process.stderr.write(`Generating into ${sqlite.location}...\n`);
        report.push(`SQLite dataset: ${describeSummary(await generate(sqlite))}`, '');
      }
      report.push('## SQLite', '', table(await benchStack('sqlite', dataDir, {}, sqlite)), '');
    }

    const mysqlUrl = process.env.BENCH_MYSQL_URL;
    if (mysqlUrl) {
      const url = new URL(mysqlUrl);
      url.pathname = '/matchday_bench_football';
      const mysql: DatabaseTarget = { client: 'mysql', location: url.toString() };
      await dropMysqlDatabase(mysql.location);
      process.stderr.write(`Generating into ${url.host}${url.pathname}...\n`);
      const mysqlSummary = await generate(mysql);
      report.push(`MySQL dataset: ${describeSummary(mysqlSummary)}`, '');
      report.push('## MySQL', '', table(await benchStack('mysql', dataDir, { FOOTBALL_DATABASE_URL: mysql.location }, mysql)), '');
      await dropMysqlDatabase(mysql.location);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(report.join('\n'));
  if (refused > 0) {
    console.error('Some replies were not 2xx (see the non-2xx column): those figures time refusals, not reads.');
    process.exitCode = 1;
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
