import { apiSend } from '@matchday/ui';
import type { DeleteAccountResult } from '@matchday/contracts';

/** DELETE /api/auth/delete-account; a failure carries the server's message, else 'Failed to delete account' (spec §8). */
export async function deleteAccount(): Promise<DeleteAccountResult> {
  try {
    return await apiSend<DeleteAccountResult>('DELETE', '/api/auth/delete-account');
  } catch (error) {
    throw new Error((error as Error).message || 'Failed to delete account');
  }
}
