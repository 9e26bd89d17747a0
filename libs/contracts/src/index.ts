/**
 * API contracts shared by services, the gateway and the frontends.
 * Field names follow the product contract (docs/product.md §3) exactly.
 */
export * from './football';
export * from './lineups';
export * from './search';
export * from './replay';
export * from './live';
export * from './leagues';
export * from './account';
export * from './personal';
export * from './manifest';
export * from './routes';
export * from './api-routes';
export * from './insights';
export * from './admin';
export * from './sync';
export * from './bracket';
export * from './national-teams';
