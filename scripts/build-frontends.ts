/** npm run build: rebuilds the shell and every remote (sequentially). */
import { buildFrontends } from './lib/build';

void buildFrontends({ force: process.argv.includes('--force') }).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
