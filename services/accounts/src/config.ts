import path from 'node:path';
import { z } from 'zod';
import { optional, publicUrl, repoRoot, secretVar, serviceEnvSchema } from '@matchday/server';
import { DEVELOPMENT_REFERRAL_HASH_SECRET } from './lib/referral-hash';

/** The accounts service's variables, checked at start-up (server.ts): the common service ones and its own. */
export const accountsEnvSchema = serviceEnvSchema('accounts', {
  /** Key of the referred e-mail hashes (at least 32 characters); required in production. */
  REFERRAL_HASH_SECRET: optional(secretVar),
  /** Folder holding shell/ with its dist/, as the gateway reads it (default the repository). */
  FRONTEND_ROOT: optional(z.string()),
}).superRefine((env, ctx) => {
  if (env.NODE_ENV === 'production' && !env.REFERRAL_HASH_SECRET) {
    ctx.addIssue({
      code: 'custom',
      path: ['REFERRAL_HASH_SECRET'],
      message: 'is required in production (at least 32 characters; it keys the referred e-mail hashes)',
    });
  }
});

export type AccountsEnv = z.infer<typeof accountsEnvSchema>;

export interface AccountsConfig {
  /** Key of the referred e-mail hashes: changing it forgets which e-mails were referred. */
  referralHashSecret: string;
  /** FRONTEND_ROOT/shell/dist: where GET /api/admin/pwa-files finds the shell build's files. */
  shellDistDir: string;
  /** PUBLIC_URL (default http://localhost:8080): the origin of referral share links. */
  publicUrl: string;
}

/** The settings of a checked environment; `{}` gives development's (the fixed referral key, this repository's shell). */
export function accountsConfig(env: Pick<AccountsEnv, 'REFERRAL_HASH_SECRET' | 'FRONTEND_ROOT' | 'PUBLIC_URL'>): AccountsConfig {
  return {
    referralHashSecret: env.REFERRAL_HASH_SECRET ?? DEVELOPMENT_REFERRAL_HASH_SECRET,
    shellDistDir: path.join(path.resolve(repoRoot, env.FRONTEND_ROOT ?? '.'), 'shell', 'dist'),
    publicUrl: publicUrl(env),
  };
}
