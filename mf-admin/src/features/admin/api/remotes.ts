import useSWR from 'swr';
import type { RemoteChangeReply, RemoteName, RemotesReply } from '@matchday/contracts';
import { apiSend } from '@matchday/ui';

export const REMOTES_KEY = '/api/admin/remotes';

/** GET /api/admin/remotes: live and available versions of each remote. */
export function useRemotes(enabled: boolean) {
  return useSWR<RemotesReply | null>(enabled ? REMOTES_KEY : null);
}

/** The same change as `npm run rollback -- <name>` / `npm run rollforward -- <name>`. */
export function changeRemote(name: RemoteName, action: 'rollback' | 'roll-forward'): Promise<RemoteChangeReply> {
  return apiSend<RemoteChangeReply>('POST', `/api/admin/remotes/${name}/${action}`);
}
