import { apiSend } from '@matchday/ui';
import type { Theme, UserPreferences, UserPreferencesUpdate } from '@matchday/contracts';

/** POST /api/user/preferences {theme} */
export function saveTheme(theme: Theme): Promise<UserPreferences> {
  const body: UserPreferencesUpdate = { theme };
  return apiSend<UserPreferences>('POST', '/api/user/preferences', body);
}
