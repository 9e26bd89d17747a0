import type { Knex } from '@matchday/server';
import type { PlayerPosition } from '@matchday/contracts';
import type { ImportedPlayer, ImportedPlayerMatch, ImportedSquadMember, MatchRef } from '../model';
import { squadPlayerNamed } from '../../domain/player-names';
import { playerNames } from '../../domain/search';
import type { SquadMembersRow } from '../../db/rows';
import { FixtureIndex, type StoredFixture } from './fixtures';
import { LeaguePlayers, SquadNames } from './known-players';
import { replaceSourceLines } from './lineup-replace';
import { indexNames } from './search';
import {
  changedColumns,
  emptySummary,
  insertRows,
  isEmptyObject,
  problemAt,
  upsertChildren,
  type Row,
  type SaveOptions,
  type SaveSummary,
} from './shared';
import { withImportTransaction } from './transaction';

/** Players, squads and player match statistics. */

const PLAYER_COLUMNS = ['name', 'first_name', 'last_name', 'known_as', 'nationality', 'birth_date', 'birth_country', 'photo'] as const;

function playerRow(player: ImportedPlayer): Row {
  return {
    name: player.name.trim(),
    first_name: player.firstName ?? null,
    last_name: player.lastName ?? null,
    known_as: player.knownAs?.trim() || null,
    nationality: player.nationality ?? null,
    birth_date: player.birthDate ?? null,
    birth_country: player.birthCountry ?? null,
    photo: player.photo ?? null,
  };
}

function dateOnly(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

/** Players by (source, external id); new ones are created, known ones get the source's newer details. */
class PlayerResolver {
  private readonly ids = new Map<string, number>();
  private readonly rows = new Map<number, Row>();
  private readonly loaded = new Set<string>();
  /** Ids of a name-only source linked to a player another source stored: they never change his details. */
  private readonly linked = new Set<string>();

  constructor(
    private readonly trx: Knex.Transaction,
    private readonly summary: SaveSummary,
  ) {}

  async loadSources(sources: Iterable<string>): Promise<void> {
    for (const source of sources) {
      if (this.loaded.has(source)) continue;
      this.loaded.add(source);
      const rows = (await this.trx('external_ids as e')
        .join('players as p', 'p.id', 'e.entity_id')
        .where({ 'e.entity': 'player', 'e.source': source })
        .select('e.external_id', 'p.id', ...PLAYER_COLUMNS.map((c) => `p.${c}`))) as Row[];
      for (const row of rows) {
        const id = Number(row.id);
        this.ids.set(`${source}\u0000${String(row.external_id)}`, id);
        this.rows.set(id, { ...row, birth_date: dateOnly(row.birth_date) });
        // a name-only source's name of a player is kept as it was first stored (it may name another source's player)
        if (NAME_ONLY_SOURCES.has(source)) this.linked.add(`${source}\u0000${String(row.external_id)}`);
      }
    }
  }

  /** Whether the source's id of this player is stored already. */
  knows(player: ImportedPlayer): boolean {
    return this.ids.has(`${player.source}\u0000${player.externalId}`);
  }

  /**
   * Stores the source's id of a player as another name of a stored player (`id`): a source without ids of its own
   * that names a squad player. His stored details stay as they are.
   */
  async link(player: ImportedPlayer, id: number): Promise<number> {
    const key = `${player.source}\u0000${player.externalId}`;
    await this.trx('external_ids').insert({ entity: 'player', source: player.source, external_id: player.externalId, entity_id: id });
    this.ids.set(key, id);
    this.linked.add(key);
    return id;
  }

  async resolve(player: ImportedPlayer): Promise<number> {
    const key = `${player.source}\u0000${player.externalId}`;
    const next = playerRow(player);
    const id = this.ids.get(key);
    if (id !== undefined && this.linked.has(key)) return id;
    if (id !== undefined) {
      const current = this.rows.get(id)!;
      const changes = changedColumns(current, next);
      if (!isEmptyObject(changes)) {
        await this.trx('players').where({ id }).update(changes);
        Object.assign(current, changes);
        if ('name' in changes || 'first_name' in changes || 'last_name' in changes || 'known_as' in changes) {
          await indexNames(this.trx, 'player', [playerNames({ ...(current as { name: string }), id })]);
        }
        this.summary.playersUpdated += 1;
      }
      return id;
    }
    const [inserted] = await this.trx('players').insert(next);
    const newId = Number(inserted);
    await indexNames(this.trx, 'player', [playerNames({ ...(next as { name: string }), id: newId })]);
    await this.trx('external_ids').insert({ entity: 'player', source: player.source, external_id: player.externalId, entity_id: newId });
    this.ids.set(key, newId);
    this.rows.set(newId, next);
    this.summary.playersCreated += 1;
    return newId;
  }
}

/**
 * Sources that name players without ids of their own (football.json's line-ups: "MOHAMED SALAH"). A name the team's
 * squad holds (of the season, else of the latest season before it that has one: FPL's last season beside this
 * season's football.json) is that squad player (domain/player-names.ts), who then also gets his squad position in the
 * match; else a name one player the league knows that season has (another club's squad, or lines: a player who
 * changed clubs; store/known-players.ts) is that player; another name becomes a player of its own, written as fans
 * write it.
 */
const NAME_ONLY_SOURCES: ReadonlySet<string> = new Set(['football-json']);

function validPlayer(player: ImportedPlayer | undefined): string | null {
  if (!player?.externalId) return 'player has no external id';
  if (!player.name?.trim()) return 'player has no name';
  return null;
}

/** Saves squad memberships (team, season, player) with position, shirt number and fantasy price. */
export async function saveSquad(db: Knex, members: readonly ImportedSquadMember[], options: SaveOptions = {}): Promise<SaveSummary> {
  const summary = emptySummary();
  const valid = members.filter((member) => {
    const problem = validPlayer(member.player) ?? (member.team?.name?.trim() ? null : 'missing team name');
    if (problem) summary.problems.push(problemAt(member.origin, member.player?.source ?? 'squad', problem));
    return !problem;
  });
  if (valid.length === 0) return summary;
  await withImportTransaction(db, valid, async ({ trx, teams, unknownLeagues }) => {
    const players = new PlayerResolver(trx, summary);
    await players.loadSources(new Set(valid.map((m) => m.player.source)));
    const rows = new Map<string, SquadMembersRow>();
    let done = 0;
    for (const member of valid) {
      done += 1;
      options.onProgress?.(done, valid.length);
      if (unknownLeagues.has(member.leagueId)) {
        summary.problems.push(problemAt(member.origin, member.player.source, `unknown league ${member.leagueId}`));
        continue;
      }
      const playerId = await players.resolve(member.player);
      const teamId = await teams.resolve(member.team, member.player.source);
      rows.set(`${teamId}|${member.season}|${playerId}`, {
        team_id: teamId,
        season: member.season,
        player_id: playerId,
        position: member.position,
        shirt_number: member.shirtNumber ?? null,
        price: member.price ?? null,
        ownership: member.ownership ?? null,
      });
    }
    const existing = new Map<string, Row>();
    const byTeamSeason = new Map<string, { team: number; season: number }>();
    for (const row of rows.values())
      byTeamSeason.set(`${row.team_id}|${row.season}`, { team: Number(row.team_id), season: Number(row.season) });
    for (const { team, season } of byTeamSeason.values()) {
      const stored = (await trx('squad_members').where({ team_id: team, season }).select('*')) as Row[];
      for (const row of stored) existing.set(`${Number(row.team_id)}|${Number(row.season)}|${Number(row.player_id)}`, row);
    }
    const inserts: SquadMembersRow[] = [];
    for (const [key, row] of rows) {
      const current = existing.get(key);
      if (!current) {
        inserts.push(row);
        summary.created += 1;
        continue;
      }
      const changes = changedColumns(current, row);
      if (isEmptyObject(changes)) {
        summary.unchanged += 1;
      } else {
        await trx('squad_members').where({ team_id: row.team_id, season: row.season, player_id: row.player_id }).update(changes);
        summary.updated += 1;
      }
    }
    await insertRows(trx, 'squad_members', inserts);
  });
  return summary;
}

function playerMatchRow(line: ImportedPlayerMatch, fixtureId: number, playerId: number, teamId: number): Row {
  return {
    fixture_id: fixtureId,
    player_id: playerId,
    team_id: teamId,
    position: line.position ?? null,
    started: line.started ?? false,
    subbed_in: line.subbedIn ?? false,
    subbed_out: line.subbedOut ?? false,
    minutes: line.minutes,
    rating: line.rating ?? null,
    goals: line.goals ?? null,
    assists: line.assists ?? null,
    goals_conceded: line.goalsConceded ?? null,
    saves: line.saves ?? null,
    passes_total: line.passesTotal ?? null,
    passes_key: line.passesKey ?? null,
    passes_accuracy: line.passesAccuracy ?? null,
    tackles_total: line.tacklesTotal ?? null,
    tackles_blocks: line.tacklesBlocks ?? null,
    tackles_interceptions: line.tacklesInterceptions ?? null,
    duels_total: line.duelsTotal ?? null,
    duels_won: line.duelsWon ?? null,
    fouls_drawn: line.foulsDrawn ?? null,
    fouls_committed: line.foulsCommitted ?? null,
    yellow_cards: line.yellowCards ?? null,
    red_cards: line.redCards ?? null,
    expected_goals: line.expectedGoals ?? null,
    expected_assists: line.expectedAssists ?? null,
    own_goals: line.ownGoals ?? null,
    bps: line.bps ?? null,
    captain: line.captain ?? null,
    came_on: line.cameOn ?? null,
    went_off: line.wentOff ?? null,
  };
}

/**
 * A match's announced line-up (fixture_lineups): one line per player named, `started` true for
 * the starting XI. Resolved like a player's match line; minutes and statistics are not read.
 */
export function saveLineups(db: Knex, lines: readonly ImportedPlayerMatch[], options: SaveOptions = {}): Promise<SaveSummary> {
  return savePlayerMatches(db, lines, { ...options, lineups: true });
}

/**
 * Saves per-player per-match lines (fixture_player_stats). The fixture is found by the match's
 * (source, external id) or by league + season + teams + kick-off; a line whose fixture is not stored
 * yet, or whose team did not play in it, is reported and skipped.
 */
export async function savePlayerMatches(
  db: Knex,
  lines: readonly ImportedPlayerMatch[],
  options: SaveOptions & { lineups?: boolean; replacing?: readonly MatchRef[] } = {},
): Promise<SaveSummary> {
  const summary = emptySummary();
  const replacing = options.lineups ? [] : (options.replacing ?? []);
  const valid = lines.filter((line) => {
    const problem =
      validPlayer(line.player) ??
      (Number.isInteger(line.minutes) && line.minutes >= 0 ? null : `bad minutes "${String(line.minutes)}"`) ??
      (line.team?.name?.trim() ? null : 'missing team name');
    if (problem) summary.problems.push(problemAt(line.origin, line.player?.source ?? 'player-match', problem));
    return !problem;
  });
  if (valid.length === 0 && replacing.length === 0) return summary;
  // The matches are stored already: their leagues and seasons too.
  await withImportTransaction(db, [], async ({ trx, teams }) => {
    const players = new PlayerResolver(trx, summary);
    const squads = new SquadNames(trx);
    const league = new LeaguePlayers(trx);
    await players.loadSources(new Set(valid.map((l) => l.player.source)));
    const index = new FixtureIndex(trx);
    const sources = new Set<string>();
    const seasons = new Map<string, { leagueId: number; season: number }>();
    for (const line of valid) {
      if ('externalId' in line.match) sources.add(line.match.source);
      else seasons.set(`${line.match.leagueId}|${line.match.season}`, line.match);
    }
    for (const ref of replacing) sources.add(ref.source);
    await index.loadSources(sources);
    await index.loadExternal([...valid.flatMap((line) => ('externalId' in line.match ? [line.match] : [])), ...replacing]);
    await index.loadSeasons(seasons.values());

    const rows: Row[] = [];
    const keys = new Set<string>();
    let done = 0;
    for (const line of valid) {
      done += 1;
      options.onProgress?.(done, valid.length);
      const source = line.player.source;
      let fixture: StoredFixture | undefined;
      if ('externalId' in line.match) {
        fixture = await index.byExternal(line.match.source, line.match.externalId);
      } else {
        const ref = line.match;
        const home = await teams.resolve(ref.home, source);
        const away = await teams.resolve(ref.away, source);
        fixture = index.byTeams(ref.leagueId, ref.season, home, away, ref.kickoffAt);
      }
      if (!fixture) {
        summary.problems.push(problemAt(line.origin, source, 'no stored fixture for this match (import the matches first)'));
        continue;
      }
      const teamId = await teams.resolve(line.team, source);
      if (teamId !== Number(fixture.row.home_team_id) && teamId !== Number(fixture.row.away_team_id)) {
        summary.problems.push(problemAt(line.origin, source, `team "${line.team.name}" did not play in fixture ${fixture.id}`));
        continue;
      }
      let position = line.position ?? null;
      let playerId: number | undefined;
      if (NAME_ONLY_SOURCES.has(source)) {
        const [leagueId, season] = [Number(fixture.row.league_id), Number(fixture.row.season)];
        const squad = await squads.of(teamId, season);
        const known = await league.of(leagueId, season);
        if (!players.knows(line.player)) {
          // the team's squad first, then the players the league knows (one who changed clubs keeps his record)
          const named = squadPlayerNamed(line.player.name, squad) ?? squadPlayerNamed(line.player.name, known);
          if (named) playerId = await players.link(line.player, named.playerId);
        }
        if (playerId === undefined) {
          playerId = await players.resolve(line.player);
          await league.add(leagueId, season, { playerId, name: line.player.name, knownAs: null, position: '' });
        }
        const member = squad.find((m) => m.playerId === playerId) ?? known.find((m) => m.playerId === playerId);
        position ??= (member?.position || null) as PlayerPosition | null;
      } else {
        playerId = await players.resolve(line.player);
      }
      const key = `${fixture.id}|${playerId}`;
      if (keys.has(key)) {
        summary.problems.push(problemAt(line.origin, source, `second line for player ${line.player.name} in fixture ${fixture.id}`));
        continue;
      }
      keys.add(key);
      rows.push(
        options.lineups
          ? { fixture_id: fixture.id, player_id: playerId, team_id: teamId, starting: line.started ?? false }
          : playerMatchRow({ ...line, position }, fixture.id, playerId, teamId),
      );
    }
    // a match whose lines are given in full: the source's old lines of it are put right first (lineup-replace.ts)
    for (const ref of replacing) {
      const fixture = await index.byExternal(ref.source, ref.externalId);
      if (!fixture) continue;
      const next = new Map(rows.filter((row) => row.fixture_id === fixture.id).map((row) => [Number(row.player_id), row]));
      summary.updated += await replaceSourceLines(trx, ref.source, fixture.id, next);
    }
    await upsertChildren(trx, options.lineups ? 'fixture_lineups' : 'fixture_player_stats', ['fixture_id', 'player_id'], rows, summary);
  });
  return summary;
}
