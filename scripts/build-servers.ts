/** npm run build:servers: compiles every server and production CLI to JavaScript (see scripts/lib/build-servers.ts). */
import { buildServers } from './lib/build-servers';

void buildServers()
  .then(({ ms, outputs }) => {
    for (const { file, bytes } of outputs) console.log(`  ${file}  ${(bytes / 1024).toFixed(0)} KB`);
    console.log(`Built ${outputs.length} server entries in ${(ms / 1000).toFixed(2)} s.`);
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
