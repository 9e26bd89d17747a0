import { runServiceCli } from '@matchday/server';
import { insights } from './service';

void runServiceCli(insights, process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
