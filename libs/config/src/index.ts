export * from './shared';
export * from './federation';
