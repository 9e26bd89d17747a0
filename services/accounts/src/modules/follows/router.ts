import {
  API_PREFIXES,
  FOLLOW_LIMIT_MESSAGE,
  type Follow,
  type FollowKind,
  type LookupEntities,
  type LookupEntity,
} from '@matchday/contracts';
import { HttpError, noQuery, notFound, parseInput, parseQuery, serviceRouter, type FootballClient, type Knex } from '@matchday/server';
import { currentUserId } from '../../lib/identity';
import { addFollow, listFollows, removeFollow, type FollowRow } from './repository';
import { followInput, followParams } from './schema';

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

/**
 * Follows, the signed-in user's own only (the user comes from the gateway's identity, never
 * from the request):
 * - GET /api/user/follows: Follow[] newest first;
 * - POST /api/user/follows {kind, id}: 201 added, 200 already followed; 400 bad input, 404 unknown id, 409 past the limit;
 * - DELETE /api/user/follows/{kind}/{id}: 204 (also when it was not followed).
 */
export function followsRouter(db: Knex, football: FootballClient) {
  const router = serviceRouter(`${API_PREFIXES.accounts.user}/follows`);
  router.get('/', async (ctx) => {
    const userId = currentUserId(ctx);
    parseQuery(noQuery, ctx.query);
    const rows = await listFollows(db, userId);
    const found = await lookUp(football, rows);
    const reply: Follow[] = rows.map((row) =>
      toFollow(
        row,
        found[row.kind].find((e) => e.id === Number(row.target_id)),
      ),
    );
    ctx.set('cache-control', 'no-store');
    ctx.body = reply;
  });

  router.post('/', async (ctx) => {
    const userId = currentUserId(ctx);
    parseQuery(noQuery, ctx.query);
    const { kind, id } = parseInput(followInput, ctx.request.body);
    const entity = (await lookUp(football, [{ kind, target_id: id }]))[kind].find((e) => e.id === id);
    if (!entity) throw notFound(NOT_FOUND[kind]);
    const result = await addFollow(db, userId, kind, id);
    if (result.outcome === 'no-user') throw notFound('User not found');
    if (result.outcome === 'limit') throw new HttpError(409, FOLLOW_LIMIT_MESSAGE);
    ctx.status = result.outcome === 'added' ? 201 : 200;
    ctx.body = toFollow(result.row, entity);
  });

  router.delete('/:kind/:id', async (ctx) => {
    const userId = currentUserId(ctx);
    parseQuery(noQuery, ctx.query);
    const { kind, id } = parseInput(followParams, ctx.params);
    await removeFollow(db, userId, kind, id);
    ctx.status = 204;
  });
  return router;
}
