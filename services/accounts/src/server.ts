import { failStart, runService } from '@matchday/server';
import { accountsConfig, accountsEnvSchema } from './config';
import { createAccounts } from './service';

void runService(accountsEnvSchema, (env) => createAccounts(accountsConfig(env))).catch((error: unknown) => failStart('accounts', error));
