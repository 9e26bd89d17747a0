/**
 * `@matchday/dev-oidc`: the development OpenID Connect provider's light side, the non-interactive sign-in that tests,
 * benches and `npm run dev-login` use. The provider itself (it loads oidc-provider) is `@matchday/dev-oidc/provider`.
 */
export { signInThroughDevProvider, type DevSignInOptions } from './sign-in';
export type { DevProviderOptions, RunningDevProvider } from './provider';
