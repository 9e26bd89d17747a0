import { apiSend } from '@matchday/ui';
import type { DeleteAccountResult } from '@matchday/contracts';

/** Spec §8: whatever went wrong, a failed deletion reports this message (the toast shows it under 'Delete Failed'). */
export const DELETE_FAILED_MESSAGE = 'Failed to delete account';

/** DELETE /api/auth/delete-account. The cause is logged; the user sees the spec's message. */
export async function deleteAccount(): Promise<DeleteAccountResult> {
  try {
    return await apiSend<DeleteAccountResult>('DELETE', '/api/auth/delete-account');
  } catch (error) {
    console.warn('Account deletion failed', error);
    throw new Error(DELETE_FAILED_MESSAGE);
  }
}
