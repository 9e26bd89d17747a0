import useSWR from 'swr';
import type { PublicAppConfig } from '@matchday/contracts';

export const DEFAULT_SUPPORT_EMAIL = 'support@matchday.app';

/** The gateway's public configuration (/app-config.json); undefined until it arrives. */
export function useAppConfig(): PublicAppConfig | undefined {
  const { data } = useSWR<PublicAppConfig | null>('/app-config.json', { revalidateOnFocus: false });
  return data ?? undefined;
}

/** The support address from the gateway's configuration (SUPPORT_EMAIL), the default until it arrives. */
export function useSupportEmail(): string {
  return useAppConfig()?.supportEmail ?? DEFAULT_SUPPORT_EMAIL;
}
