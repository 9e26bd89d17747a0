/**
 * npm run deploy -- <remote> | npm run rollback -- <remote> [--to <version>] | npm run rollforward -- <remote> | npm run remotes
 * One remote built into a new immutable version and made live, or the live version moved; the running
 * gateway serves the change at its next /mf-manifest.json. See scripts/lib/remotes-cli.ts.
 */
import { runRemotesCommand } from './lib/remotes-cli';

const [command, ...args] = process.argv.slice(2);
void runRemotesCommand(command, args, { out: (line) => console.log(line), err: (line) => console.error(line) }).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
