import fs from 'node:fs';
import path from 'node:path';
import { leagueIdBySource, type PlayerPosition } from '@matchday/contracts';
import { decimalCell, intCell, readCsv } from '../csv';
import type { ImportedMatch, ImportedPlayer, ImportedPlayerMatch, ImportedSquadMember, ImportedTeam, RowProblem } from '../model';
import { inputPath, integerOption, MissingInputError, parseCommandLine, registerSource, UsageError } from '../source';
import { commonName } from './fpl-names';
import { ratingFromBps } from './fpl-rating';

/**
 * Fantasy Premier League season folders (vaastav/Fantasy-Premier-League layout): teams.csv,
 * players_raw.csv (players, positions, prices, ownership), fixtures.csv (kick-offs in UTC, scores) and
 * merged_gw.csv (one row per player per fixture). The fixtures are the same matches football-data.co.uk
 * has, and land on the same rows through the store's teams + kick-off matching.
 */

const PREMIER_LEAGUE = leagueIdBySource('fpl', 'premier-league')!;
const SOURCE = 'fpl' as const;
const POSITIONS: Readonly<Record<string, PlayerPosition>> = {
  '1': 'Goalkeeper',
  '2': 'Defender',
  '3': 'Midfielder',
  '4': 'Attacker',
  GK: 'Goalkeeper',
  GKP: 'Goalkeeper',
  DEF: 'Defender',
  MID: 'Midfielder',
  FWD: 'Attacker',
};
const FILES = ['teams.csv', 'players_raw.csv', 'fixtures.csv', 'merged_gw.csv'] as const;

/** The Premier League's own photo of a player, from FPL's `photo` ("223094.jpg") or `code`. */
export function fplPhotoUrl(photo: string | undefined, code: string | undefined): string | null {
  const id = /^(\d+)/.exec(photo ?? '')?.[1] ?? (/^\d+$/.test(code ?? '') ? code : undefined);
  return id ? `https://resources.premierleague.com/premierleague/photos/players/250x250/p${id}.png` : null;
}

/** "2023-24" -> 2023 */
export function seasonFromDirectory(dir: string): number | undefined {
  const m = /(\d{4})[-_](\d{2})$/.exec(path.basename(dir));
  if (!m || (Number(m[1]) + 1) % 100 !== Number(m[2])) return undefined;
  return Number(m[1]);
}

export interface FplSeason {
  matches: ImportedMatch[];
  squad: ImportedSquadMember[];
  playerMatches: ImportedPlayerMatch[];
  problems: RowProblem[];
  /** Rows left out on purpose (2024-25 assistant-manager "players"). */
  managerRows: number;
}

const truthy = (value: string | undefined) => value === 'True' || value === 'true' || value === '1';

export function parseFplSeason(dir: string, season: number): FplSeason {
  const problems: RowProblem[] = [];
  const file = (name: (typeof FILES)[number]) => path.join(dir, name);

  // teams.csv: id -> team
  const teams = new Map<string, ImportedTeam>();
  const teamsByName = new Map<string, ImportedTeam>();
  for (const { line, values } of readCsv(file('teams.csv')).records) {
    if (!values.id || !values.name) {
      problems.push({ file: 'teams.csv', line, message: 'missing id or name' });
      continue;
    }
    const team: ImportedTeam = {
      name: values.name,
      shortName: values.short_name || null,
      code: values.short_name || null,
      country: 'England',
      externalId: `${season}:${values.id}`,
    };
    teams.set(values.id, team);
    teamsByName.set(values.name, team);
  }

  // players_raw.csv: element id -> player (external id = FPL `code`, the same in every season)
  const players = new Map<string, ImportedPlayer>();
  const squad: ImportedSquadMember[] = [];
  const squadKeys = new Set<string>();
  for (const { line, values } of readCsv(file('players_raw.csv')).records) {
    const team = teams.get(values.team ?? '');
    const position = POSITIONS[values.element_type ?? ''];
    // the name fans know him by ("Casemiro", "Bruno Fernandes"); the legal one stays in firstName and lastName
    const name = commonName(values.first_name, values.second_name, values.web_name);
    const fail = (message: string) => problems.push({ file: 'players_raw.csv', line, message });
    if (!values.id || !values.code || !name) {
      fail('missing id, code or name');
      continue;
    }
    const player: ImportedPlayer = {
      source: SOURCE,
      externalId: values.code,
      name,
      firstName: values.first_name || null,
      lastName: values.second_name || null,
      knownAs: values.web_name || null,
      photo: fplPhotoUrl(values.photo, values.code),
    };
    players.set(values.id, player);
    if (!position) {
      // 2024-25 assistant managers (element_type 5) are not players
      if (values.element_type !== '5') fail(`unknown element_type "${values.element_type ?? ''}"`);
      continue;
    }
    if (!team) {
      fail(`unknown team id "${values.team ?? ''}"`);
      continue;
    }
    const shirt = intCell(values.squad_number);
    squadKeys.add(`${team.name}|${values.code}`);
    squad.push({
      player,
      team,
      leagueId: PREMIER_LEAGUE,
      season,
      position,
      shirtNumber: shirt !== null && !Number.isNaN(shirt) ? shirt : null,
      price: (() => {
        const cost = intCell(values.now_cost);
        return cost !== null && !Number.isNaN(cost) ? cost : null;
      })(),
      ownership: decimalCell(values.selected_by_percent),
      origin: { file: 'players_raw.csv', line },
    });
  }

  // fixtures.csv
  const matches: ImportedMatch[] = [];
  for (const { line, values } of readCsv(file('fixtures.csv')).records) {
    const fail = (message: string) => problems.push({ file: 'fixtures.csv', line, message });
    const home = teams.get(values.team_h ?? '');
    const away = teams.get(values.team_a ?? '');
    if (!values.id || !home || !away) {
      fail('missing id or unknown team');
      continue;
    }
    const kickoffAt = new Date(values.kickoff_time ?? '');
    if (!values.kickoff_time || Number.isNaN(kickoffAt.getTime())) {
      // FPL leaves a postponed match without a time until it is rescheduled.
      fail(`no kick-off time for fixture ${values.id}`);
      continue;
    }
    const hs = intCell(values.team_h_score);
    const as = intCell(values.team_a_score);
    if ((hs !== null && Number.isNaN(hs)) || (as !== null && Number.isNaN(as))) {
      fail(`bad score "${values.team_h_score ?? ''}-${values.team_a_score ?? ''}"`);
      continue;
    }
    const played = truthy(values.finished) && hs !== null && as !== null;
    matches.push({
      source: SOURCE,
      externalId: `${season}:${values.id}`,
      leagueId: PREMIER_LEAGUE,
      season,
      kickoffAt,
      status: played ? 'finished' : 'scheduled',
      stage: 'regular',
      round: values.event ? `Regular Season - ${values.event}` : null,
      home,
      away,
      goals: played ? { home: hs, away: as } : null,
      origin: { file: 'fixtures.csv', line },
    });
  }

  // merged_gw.csv: one row per player per fixture
  const playerMatches: ImportedPlayerMatch[] = [];
  let managerRows = 0;
  for (const { line, values } of readCsv(file('merged_gw.csv')).records) {
    if (values.position === 'AM') {
      managerRows += 1;
      continue;
    }
    const fail = (message: string) => problems.push({ file: 'merged_gw.csv', line, message });
    const player = players.get(values.element ?? '');
    const team = teamsByName.get(values.team ?? '');
    if (!player) {
      fail(`unknown player element "${values.element ?? ''}"`);
      continue;
    }
    if (!team) {
      fail(`unknown team "${values.team ?? ''}"`);
      continue;
    }
    if (!/^\d+$/.test(values.fixture ?? '')) {
      fail(`bad fixture id "${values.fixture ?? ''}"`);
      continue;
    }
    const numbers: Record<string, number | null> = {};
    let bad: string | undefined;
    for (const column of [
      'minutes',
      'goals_scored',
      'assists',
      'own_goals',
      'yellow_cards',
      'red_cards',
      'saves',
      'goals_conceded',
      'starts',
    ]) {
      const value = intCell(values[column]);
      if (value !== null && (Number.isNaN(value) || value < 0)) bad = `bad ${column} "${values[column] ?? ''}"`;
      numbers[column] = value;
    }
    // bps may be negative (an own goal, a red card)
    const bps = intCell(values.bps);
    if (bps !== null && Number.isNaN(bps)) bad = `bad bps "${values.bps ?? ''}"`;
    if (bad) {
      fail(bad);
      continue;
    }
    const minutes = numbers.minutes ?? 0;
    const starts = numbers.starts ?? null;
    const started = starts === null ? undefined : starts > 0;
    const position = POSITIONS[values.position ?? ''] ?? null;
    playerMatches.push({
      player,
      team,
      match: { source: SOURCE, externalId: `${season}:${values.fixture}` },
      position,
      started: started ?? false,
      subbedIn: started === undefined ? false : !started && minutes > 0,
      minutes,
      rating: ratingFromBps(bps, minutes),
      goals: numbers.goals_scored,
      assists: numbers.assists,
      ownGoals: numbers.own_goals,
      bps,
      goalsConceded: numbers.goals_conceded,
      saves: numbers.saves,
      yellowCards: numbers.yellow_cards,
      redCards: numbers.red_cards,
      expectedGoals: expectedCell(values.expected_goals),
      expectedAssists: expectedCell(values.expected_assists),
      origin: { file: 'merged_gw.csv', line },
    });
    // A player who moved during the season was in the squad of each team he played for.
    const key = `${team.name}|${player.externalId}`;
    if (!squadKeys.has(key) && position) {
      squadKeys.add(key);
      const value = intCell(values.value);
      squad.push({
        player,
        team,
        leagueId: PREMIER_LEAGUE,
        season,
        position,
        price: value !== null && !Number.isNaN(value) ? value : null,
        origin: { file: 'merged_gw.csv', line },
      });
    }
  }
  return { matches, squad, playerMatches, problems, managerRows };
}

export const fplSource = registerSource({
  name: 'fpl',
  usage: 'fpl <season dir, e.g. ../shared/data/fpl/2023-24> [--season <year>]',
  parseArgs(args, cwd) {
    const { values, positionals } = parseCommandLine('fpl', args, { season: { type: 'string' } });
    if (positionals.length !== 1) throw new UsageError('fpl: expected one season directory');
    const dir = inputPath('fpl', cwd, positionals[0], 'directory');
    for (const name of FILES) {
      if (!fs.existsSync(path.join(dir, name))) throw new MissingInputError(`fpl: ${path.join(dir, name)} does not exist`);
    }
    const season = integerOption('fpl', 'season', values.season) ?? seasonFromDirectory(dir);
    if (season === undefined) throw new UsageError(`fpl: cannot tell the season from "${path.basename(dir)}"; use --season <year>`);
    return { dir, season };
  },
  async run({ dir, season }, context) {
    context.log(`reading ${dir}`);
    const parsed = parseFplSeason(dir, season);
    context.reportProblems(parsed.problems);
    if (parsed.managerRows > 0) context.log(`left out ${parsed.managerRows} assistant-manager rows of merged_gw.csv`);
    await context.saveMatches(parsed.matches);
    await context.saveSquad(parsed.squad);
    await context.savePlayerMatches(parsed.playerMatches);
  },
});

/** FPL's per-match expected goals or assists (a decimal such as 0.37); null when empty or not a number. */
function expectedCell(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 ? number : null;
}
