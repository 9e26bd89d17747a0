/**
 * `@matchday/football/importers`: the football service's write side for the command line: `npm run import`
 * (importCli), the replay of a real season as of now (prepareReplay, replayTarget) and the default world that
 * `npm start` replays (default-replay).
 */
export { importCli } from './src/importers/cli';
export { prepareReplay, replayTarget } from './src/importers/replay';
export { DEFAULT_REPLAY_DESCRIPTION, defaultReplayArgs, holdsImportedData } from './src/importers/default-replay';
