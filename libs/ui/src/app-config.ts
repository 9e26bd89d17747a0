import useSWR from 'swr';
import type { PublicAppConfig } from '@matchday/contracts';

export const DEFAULT_SUPPORT_EMAIL = 'support@matchday.app';

/**
 * The gateway's public configuration (/app-config.json); undefined until it arrives. It is the same for the page's
 * life, so it is read once: a component that mounts later takes the cached answer (it was read twice on a first load).
 */
export function useAppConfig(): PublicAppConfig | undefined {
  const { data } = useSWR<PublicAppConfig | null>('/app-config.json', {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    fallbackData: bootConfig,
  });
  return data ?? undefined;
}

let bootConfig: PublicAppConfig | undefined;

/**
 * The configuration the shell read before its first render (shell/src/bootstrap.tsx): every screen's first render
 * has it, so the replay banner is drawn with the page, where the static page's strip stood, not one commit later.
 */
export function setBootAppConfig(config: PublicAppConfig | null): void {
  bootConfig = config ?? undefined;
}

/** The support address from the gateway's configuration (SUPPORT_EMAIL), the default until it arrives. */
export function useSupportEmail(): string {
  return useAppConfig()?.supportEmail ?? DEFAULT_SUPPORT_EMAIL;
}
