import type { LeagueType } from '@matchday/contracts';

/** Leagues the importers know without help from the source (API-Football numbering). */
export interface KnownLeague {
  name: string;
  displayName: string;
  country: string;
  colour: string;
  type: LeagueType;
}

export const KNOWN_LEAGUES: Readonly<Record<number, KnownLeague>> = {
  2: { name: 'UEFA Champions League', displayName: 'Champions League', country: 'World', colour: '#1d4ed8', type: 'cup' },
  39: { name: 'Premier League', displayName: 'Premier League', country: 'England', colour: '#7c3aed', type: 'league' },
  40: { name: 'Championship', displayName: 'Championship', country: 'England', colour: '#0f766e', type: 'league' },
  61: { name: 'Ligue 1', displayName: 'Ligue 1', country: 'France', colour: '#0e7490', type: 'league' },
  78: { name: 'Bundesliga', displayName: 'Bundesliga', country: 'Germany', colour: '#dc2626', type: 'league' },
  135: { name: 'Serie A', displayName: 'Serie A', country: 'Italy', colour: '#2563eb', type: 'league' },
  140: { name: 'La Liga', displayName: 'La Liga', country: 'Spain', colour: '#ee8707', type: 'league' },
  323: { name: 'Indian Super League', displayName: 'Indian Super League', country: 'India', colour: '#f97316', type: 'league' },
};

/** The league id for a name as sources write it ("Premier League", "EPL", "La Liga", "ISL" ...). */
export function leagueIdByName(name: string): number | undefined {
  const key = name.trim().toLowerCase();
  const aliases: Record<string, number> = {
    epl: 39,
    'english premier league': 39,
    'primera division': 140,
    laliga: 140,
    'la liga': 140,
    ucl: 2,
    'champions league': 2,
    isl: 323,
  };
  if (aliases[key] !== undefined) return aliases[key];
  for (const [id, league] of Object.entries(KNOWN_LEAGUES)) {
    if (league.name.toLowerCase() === key || league.displayName.toLowerCase() === key) return Number(id);
  }
  return undefined;
}

export interface Zone {
  from: number;
  to: number;
  description: string;
}

export interface SeasonRules {
  format: 'league' | 'groups' | 'league-phase';
  tiebreak: 'points-gd-gf' | 'h2h-first' | 'ucl-league-phase';
  zones: Zone[];
}

/** Table format, tie-breaking rule and qualification zones of a league's season. */
export function seasonRules(leagueId: number, year: number): SeasonRules {
  switch (leagueId) {
    case 39:
      return {
        format: 'league',
        tiebreak: 'points-gd-gf',
        zones: [
          { from: 1, to: 4, description: 'Promotion - Champions League (Group Stage)' },
          { from: 5, to: 5, description: 'Promotion - Europa League (Group Stage)' },
          { from: 18, to: 20, description: 'Relegation - Championship' },
        ],
      };
    case 140:
      return {
        format: 'league',
        tiebreak: 'h2h-first',
        zones: [
          { from: 1, to: 4, description: 'Promotion - Champions League (Group Stage)' },
          { from: 5, to: 5, description: 'Promotion - Europa League (Group Stage)' },
          { from: 6, to: 6, description: 'Promotion - Conference League (Qualification)' },
          { from: 18, to: 20, description: 'Relegation - Segunda División' },
        ],
      };
    case 323:
      return {
        format: 'league',
        tiebreak: 'h2h-first',
        zones: [
          { from: 1, to: 2, description: 'Play-offs - Semi-finals' },
          { from: 3, to: 6, description: 'Play-offs - Knockouts' },
        ],
      };
    case 2:
      return year >= 2024
        ? {
            format: 'league-phase',
            tiebreak: 'ucl-league-phase',
            zones: [
              { from: 1, to: 8, description: 'Champions League (Round of 16)' },
              { from: 9, to: 24, description: 'Champions League (Knockout round play-offs)' },
            ],
          }
        : {
            format: 'groups',
            tiebreak: 'h2h-first',
            zones: [
              { from: 1, to: 2, description: 'Champions League (Round of 16)' },
              { from: 3, to: 3, description: 'Europa League (Knockout round play-offs)' },
            ],
          };
    default:
      return { format: 'league', tiebreak: 'points-gd-gf', zones: [] };
  }
}

/** 2023 -> "2023-24" */
export function seasonName(year: number): string {
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}
