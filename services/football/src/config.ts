import { serviceEnvSchema } from '@matchday/server';

/**
 * The football service's variables, checked at start-up (server.ts): the ones every service reads
 * (libs/server serviceEnvSchema); it has none of its own. The importer CLI reads its source's key itself
 * (importers/sources/api-football.ts).
 */
export const footballEnvSchema = serviceEnvSchema('football');
