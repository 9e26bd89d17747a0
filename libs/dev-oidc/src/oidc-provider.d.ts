// Minimal typings for the parts of panva's oidc-provider this dev server uses (the package ships none).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  import type Koa from 'koa';

  export interface GrantInstance {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  export interface OidcContext extends Koa.Context {
    oidc: {
      client: { clientId: string };
      session: { accountId: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
      provider: Provider;
    };
  }
  export interface InteractionDetails {
    uid: string;
    prompt: { name: string };
    params: Record<string, unknown>;
  }
  export default class Provider extends Koa {
    constructor(issuer: string, configuration: Record<string, unknown>);
    Grant: {
      new (init: { clientId: string; accountId: string }): GrantInstance;
      find(id: string): Promise<GrantInstance | undefined>;
    };
    proxy: boolean;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>): Promise<void>;
  }
}
