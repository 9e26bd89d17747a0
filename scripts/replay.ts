/**
 * Builds the football database a replay serves, in a process of its own that ends once it is built: `npm start`'s
 * launcher runs it (scripts/lib/stack.ts), so the ~55 MB the import takes end with it instead of staying resident in
 * the launcher for as long as the stack runs. Not a command for people: its one argument is a ReplayJob as JSON.
 * Its lines go to stdout; its outcome to the parent over IPC (ReplayOutcome); a failure's message to stderr, exit 1.
 */
import { buildReplay, type ReplayJob, type ReplayOutcome } from './lib/replay';

async function main(): Promise<void> {
  const job = JSON.parse(process.argv[2] ?? '') as ReplayJob;
  const outcome: ReplayOutcome = await buildReplay(job, process.env, (line) => console.log(line));
  await new Promise<void>((resolve, reject) => {
    if (!process.send) throw new Error('scripts/replay.ts is run by the launcher (an IPC channel), not by itself');
    process.send(outcome, (error: Error | null) => (error ? reject(error) : resolve()));
  });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
