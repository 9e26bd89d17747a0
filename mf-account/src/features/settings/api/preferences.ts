import { apiSend } from '@matchday/ui';
import { PREFERENCES_URL } from '@matchday/ui/unshared';
import type { UserPreferences, UserPreferencesUpdate } from '@matchday/contracts';

// GET /api/user/preferences is the kit's one read (preferencesQuery), shared with every screen that hides scores.
export { PREFERENCES_URL, preferencesQuery } from '@matchday/ui/unshared';

/** POST /api/user/preferences with only the fields that change; the reply is every preference as stored. */
export function savePreferences(update: UserPreferencesUpdate): Promise<UserPreferences> {
  return apiSend<UserPreferences>('POST', PREFERENCES_URL, update);
}
