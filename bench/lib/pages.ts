import { leagueHubPath, type DatasetInfo, type Fixture, type HeadToHeadMatch, type League, type TopScorer } from '@matchday/contracts';

/**
 * The pages the browser benches measure (bench/lighthouse.ts, bench/react-renders.ts) on whatever data the stack
 * serves, and the conditions to print beside their figures.
 */

/** GET of the gateway's JSON as the signed-in bench user. */
function reader(baseUrl: string, cookie: string) {
  return async <T>(apiPath: string) => (await (await fetch(`${baseUrl}${apiPath}`, { headers: { cookie } })).json()) as T;
}

/**
 * A played fixture: /api/fixtures lists what is to come, so it is found through the next fixture's head-to-head record,
 * else (a season with no earlier meetings) as the latest result of the next fixture's league and season.
 */
async function finishedFixtureId(baseUrl: string, cookie: string): Promise<number> {
  const read = reader(baseUrl, cookie);
  const upcoming = (await read<Fixture[]>('/api/fixtures?tz=UTC')).slice(0, 10);
  for (const next of upcoming) {
    const meetings = await read<HeadToHeadMatch[]>(`/api/h2h?homeTeamId=${next.homeTeamId}&awayTeamId=${next.awayTeamId}`);
    const played = meetings.find((m) => m.goalsHome !== null && m.goalsAway !== null);
    if (played) return played.fixtureId;
  }
  for (const next of upcoming) {
    const season = await read<Fixture[]>(`/api/fixtures/filter?leagueId=${next.leagueId}&season=${next.season}`);
    const played = season.filter((f) => f.status === 'finished').at(-1);
    if (played) return played.id;
  }
  throw new Error('no finished fixture in the data');
}

/** The standings and a player page (its top scorer) of the first league among the next fixtures that has scorers. */
async function leaguePages(baseUrl: string, cookie: string): Promise<{ standings: string; player: string }> {
  const read = reader(baseUrl, cookie);
  const upcoming = await read<Fixture[]>('/api/fixtures?tz=UTC');
  if (upcoming.length === 0) throw new Error('no fixture in the data');
  const seen = new Set<string>();
  for (const { leagueId, season } of upcoming) {
    if (seen.has(`${leagueId}/${season}`)) continue;
    seen.add(`${leagueId}/${season}`);
    const scorer = (await read<TopScorer[]>(`/api/top-scorers/${leagueId}/${season}`))[0];
    if (scorer)
      return { standings: `/standings?leagueId=${leagueId}&season=${season}`, player: `/player/${scorer.playerId}/${leagueId}/${season}` };
  }
  throw new Error('no league of the next fixtures has a top scorer');
}

/** The dataset the stack serves (demo or imported) and Home's cards: today's fixtures, of which the first page (48) is drawn. */
export async function conditions(baseUrl: string, cookie: string): Promise<string> {
  const read = reader(baseUrl, cookie);
  const dataset = await read<DatasetInfo>('/api/dataset');
  const today = await read<{ fixtures: Fixture[]; total: number }>('/api/fixtures/filter?type=today&tz=UTC&limit=48');
  const leagues = new Set(today.fixtures.map((fixture) => fixture.leagueName));
  const name = dataset.demo ? 'demo' : dataset.replay ? `replay of ${dataset.replay.label}` : 'imported';
  return `dataset: ${name}; Home at ${new Date().toISOString().slice(11, 16)} UTC: ${today.total} fixtures today (${today.fixtures.length} cards drawn; ${[...leagues].join(', ')})`;
}

/**
 * A played fixture whose line-ups the data has: the latest of the next fixtures' leagues that has them (20 looked at
 * a league), else `fallback` (its page then says the line-ups are not available).
 */
async function lineupsFixtureId(baseUrl: string, cookie: string, fallback: number): Promise<number> {
  const read = reader(baseUrl, cookie);
  const seen = new Set<string>();
  for (const { leagueId, season } of await read<Fixture[]>('/api/fixtures?tz=UTC')) {
    if (seen.has(`${leagueId}/${season}`)) continue;
    seen.add(`${leagueId}/${season}`);
    const played = (await read<Fixture[]>(`/api/fixtures/filter?leagueId=${leagueId}&season=${season}`)).filter(
      (f) => f.status === 'finished',
    );
    for (const fixture of played.reverse().slice(0, 20)) {
      const answer = await fetch(`${baseUrl}/api/fixtures/${fixture.id}/lineups`, { headers: { cookie } });
      await answer.arrayBuffer();
      if (answer.ok) return fixture.id;
    }
  }
  return fallback;
}

/** The bracket of the first cup the data serves (its current season), or undefined when it serves none. */
async function bracketPage(baseUrl: string, cookie: string): Promise<string | undefined> {
  const cup = (await reader(baseUrl, cookie)<League[]>('/api/leagues')).find((league) => league.type === 'cup');
  return cup && leagueHubPath(cup.id, cup.currentSeason, 'bracket');
}

/**
 * The measured pages as [name, path]: Home, a played fixture's stats, a played fixture's line-ups, the standings and
 * a player of the next fixture's league, and the bracket of the first cup (when the data has one).
 */
export async function benchPages(baseUrl: string, cookie: string): Promise<Array<[string, string]>> {
  const finished = await finishedFixtureId(baseUrl, cookie);
  const league = await leaguePages(baseUrl, cookie);
  const lineups = await lineupsFixtureId(baseUrl, cookie, finished);
  const bracket = await bracketPage(baseUrl, cookie);
  return [
    ['Home', '/'],
    ['Fixture stats', `/fixture-stats/${finished}`],
    ['Line-ups', `/fixture-players/${lineups}`],
    ['Standings', league.standings],
    ['Player', league.player],
    ...(bracket ? [['Bracket', bracket] as [string, string]] : []),
  ];
}
