import { FOLLOW_LIMIT_MESSAGE, type Follow, type FollowKind, type LookupEntities, type LookupEntity } from '@matchday/contracts';
import { HttpError, notFound, type FootballClient, type Knex } from '@matchday/server';
import { addFollow, listFollows, type FollowRow } from './repository';

const NOT_FOUND: Record<FollowKind, string> = { team: 'Team not found', league: 'League not found', player: 'Player not found' };

/** What the football service has of these follows (one call for all of them). */
async function lookUp(football: FootballClient, rows: ReadonlyArray<Pick<FollowRow, 'kind' | 'target_id'>>): Promise<LookupEntities> {
  const ids = (kind: FollowKind) => rows.filter((r) => r.kind === kind).map((r) => Number(r.target_id));
  const query = new URLSearchParams();
  for (const kind of ['team', 'league', 'player'] as const) if (ids(kind).length > 0) query.set(kind, ids(kind).join(','));
  if ([...query.keys()].length === 0) return { team: [], league: [], player: [] };
  return football.get<LookupEntities>(`/internal/lookup/entities?${query.toString()}`);
}

function toFollow(row: FollowRow, entity: LookupEntity | undefined): Follow {
  return {
    kind: row.kind,
    id: Number(row.target_id),
    // a team or player no longer in the football data keeps its follow (a new import may bring it back)
    name: entity?.name ?? `Unknown ${row.kind}`,
    image: entity?.image ?? null,
    ...(row.kind === 'team' ? { shortName: entity?.shortName ?? null } : {}),
    createdAt: new Date(Number(row.created_ms)).toISOString(),
  };
}

/** The user's follows, newest first, each named from what the football service has of it. */
export async function followsOf(db: Knex, football: FootballClient, userId: number): Promise<Follow[]> {
  const rows = await listFollows(db, userId);
  const found = await lookUp(football, rows);
  return rows.map((row) =>
    toFollow(
      row,
      found[row.kind].find((e) => e.id === Number(row.target_id)),
    ),
  );
}

/**
 * Follows what the football service knows (404 for an unknown id; 409 past the limit): whether it was added or
 * followed already, and the follow.
 */
export async function follow(
  db: Knex,
  football: FootballClient,
  userId: number,
  kind: FollowKind,
  id: number,
): Promise<{ added: boolean; follow: Follow }> {
  const entity = (await lookUp(football, [{ kind, target_id: id }]))[kind].find((e) => e.id === id);
  if (!entity) throw notFound(NOT_FOUND[kind]);
  const result = await addFollow(db, userId, kind, id);
  if (result.outcome === 'no-user') throw notFound('User not found');
  if (result.outcome === 'limit') throw new HttpError(409, FOLLOW_LIMIT_MESSAGE);
  return { added: result.outcome === 'added', follow: toFollow(result.row, entity) };
}
