import { apiSend } from '@matchday/ui';

export interface ClearCacheReply {
  message: string;
  cleared: number;
}

/** POST /api/admin/clear-cache: empties the gateway's response cache; a refusal carries {message}. */
export function clearCache(): Promise<ClearCacheReply> {
  return apiSend<ClearCacheReply>('POST', '/api/admin/clear-cache');
}
