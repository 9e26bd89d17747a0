import { runService } from '@matchday/server';
import { accounts } from './service';

void runService(accounts).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
