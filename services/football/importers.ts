/**
 * `@matchday/football/importers`: the football service's write side for the command line: `npm run import`
 * (importCli) and the replay of a real season as of now (replayTarget).
 */
export { importCli } from './src/importers/cli';
export { replayTarget } from './src/importers/replay';
