export * from './shared';
export * from './federation';
export * from './pwa';
export * from './shared-api';
