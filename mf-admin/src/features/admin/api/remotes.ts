import type { RemoteChangeReply, RemoteName, RemotesReply } from '@matchday/contracts';
import { apiSend } from '@matchday/ui';
import { apiQuery, useApiQuery } from '@matchday/ui/unshared';

/** GET /api/admin/remotes: live and available versions of each remote. */
export const remotesQuery = apiQuery<[], RemotesReply>(() => '/api/admin/remotes', null);

export function useRemotes(enabled: boolean) {
  return useApiQuery(remotesQuery, enabled ? [] : null);
}

/** The same change as `npm run rollback -- <name>` / `npm run rollforward -- <name>`. */
export function changeRemote(name: RemoteName, action: 'rollback' | 'roll-forward'): Promise<RemoteChangeReply> {
  return apiSend<RemoteChangeReply>('POST', `/api/admin/remotes/${name}/${action}`);
}
