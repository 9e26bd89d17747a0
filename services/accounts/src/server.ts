import { failStart, runService } from '@matchday/server';
import { accounts } from './service';

void runService(accounts).catch((error: unknown) => failStart('accounts', error));
