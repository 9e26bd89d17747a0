import { runServiceCli } from '@matchday/server';
import { football } from './service';

void runServiceCli(football, process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
