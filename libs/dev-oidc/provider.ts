/**
 * `@matchday/dev-oidc/provider`: the development OpenID Connect provider (a Google stand-in accepting any e-mail),
 * started inside the `npm start` launcher, as a process of its own (src/server.ts), or in-process by tests.
 */
export { devProvider, listenDevProvider, type DevProviderOptions, type RunningDevProvider } from './src/provider';
