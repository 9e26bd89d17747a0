import { apiGet } from '@matchday/ui';

/**
 * A reader whose failure carries one of the spec §8 thrown messages ('Failed to fetch players', ...);
 * the "status: body" text of the failed read stays available as `cause`. 401 still resolves to null.
 */
export function readOrThrow<T>(message: string): (url: string) => Promise<T | null> {
  return async (url: string) => {
    try {
      return await apiGet<T>(url);
    } catch (error) {
      throw new Error(message, { cause: error });
    }
  };
}

/** The "status: body" detail behind an error, for a secondary line under the page message. */
export function errorDetail(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  return error.cause instanceof Error ? error.cause.message : error.message;
}
