import useSWR from 'swr';
import type { PublicAppConfig } from '@matchday/contracts';

export const DEFAULT_SUPPORT_EMAIL = 'support@matchday.app';

/**
 * The gateway's public configuration (/app-config.json); undefined until it arrives. It is the same for the page's
 * life, so it is read once: a component that mounts later takes the cached answer (it was read twice on a first load).
 */
export function useAppConfig(): PublicAppConfig | undefined {
  const { data } = useSWR<PublicAppConfig | null>('/app-config.json', { revalidateOnFocus: false, revalidateIfStale: false });
  return data ?? undefined;
}

/** The support address from the gateway's configuration (SUPPORT_EMAIL), the default until it arrives. */
export function useSupportEmail(): string {
  return useAppConfig()?.supportEmail ?? DEFAULT_SUPPORT_EMAIL;
}
