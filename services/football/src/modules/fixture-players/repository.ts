import type { Knex } from '@matchday/server';
import type { FixturePlayer } from '@matchday/contracts';
import type { FixturePlayerStatsRow } from '../../db/rows';
import { playerLineColumns, playerLineFigures, type PlayerLineRow } from '../../lib/player-line';
import { num, positionOrder, toPosition } from '../../lib/values';

type Row = PlayerLineRow & {
  player_id: number;
  position: FixturePlayerStatsRow['position'];
  started: FixturePlayerStatsRow['started'];
  player_name: string;
  player_photo: string | null;
  nationality: string | null;
  team_name: string;
  team_logo: string | null;
  home_team_id: number;
};

/** Every player who appeared in a fixture: home team first, then starters, by position, minutes, name. */
export async function findFixturePlayers(db: Knex, fixtureId: number): Promise<FixturePlayer[]> {
  const rows: Row[] = await db('fixture_player_stats as ps')
    .join('fixtures as f', 'f.id', 'ps.fixture_id')
    .join('players as p', 'p.id', 'ps.player_id')
    .join('teams as t', 't.id', 'ps.team_id')
    .where('ps.fixture_id', fixtureId)
    .where('ps.minutes', '>', 0)
    .select(
      'ps.player_id',
      'ps.position',
      'ps.started',
      ...playerLineColumns(),
      'p.name as player_name',
      'p.photo as player_photo',
      'p.nationality',
      't.name as team_name',
      't.logo as team_logo',
      'f.home_team_id',
    );
  const home = (row: Row) => (Number(row.team_id) === Number(row.home_team_id) ? 0 : 1);
  rows.sort(
    (a, b) =>
      home(a) - home(b) ||
      num(b.started) - num(a.started) ||
      positionOrder(a.position) - positionOrder(b.position) ||
      num(b.minutes) - num(a.minutes) ||
      a.player_name.localeCompare(b.player_name),
  );
  return rows.map((row): FixturePlayer => ({
    id: Number(row.player_id),
    playerId: Number(row.player_id),
    teamId: Number(row.team_id),
    teamName: row.team_name,
    teamLogo: row.team_logo,
    playerName: row.player_name,
    playerPhoto: row.player_photo,
    position: toPosition(row.position),
    nationality: row.nationality,
    nationalityFlag: null,
    ...playerLineFigures(row),
  }));
}
