import useSWR from 'swr';
import type { AppFiles } from '@matchday/contracts';

export const PWA_FILES_KEY = '/api/admin/pwa-files';

/** GET /api/admin/pwa-files (spec §4 admin app-files: loading, ready, failed). */
export function usePwaFiles(enabled: boolean) {
  return useSWR<AppFiles | null>(enabled ? PWA_FILES_KEY : null);
}
