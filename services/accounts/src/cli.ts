import { runServiceCli } from '@matchday/server';
import { accounts } from './service';

void runServiceCli(accounts, process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
