import { createLogger, failStart, listen, openDatabase, setLogLevel } from '@matchday/server';
import { createGateway } from './app';
import { loadConfig } from './config';
import { KnexSessionStore } from './sessions/session-store';

async function main(): Promise<void> {
  const config = loadConfig();
  setLogLevel(config.logLevel);
  const logger = createLogger('api-gateway');
  const sessionsDb = await openDatabase(config.sessionsDatabase);
  const sessionStore = await KnexSessionStore.open(sessionsDb);
  const app = createGateway(config, { sessionsDb, sessionStore });
  // At SIGTERM/SIGINT, live streams are told to reconnect shortly and closed, so the drain is not held up by them.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => app.closeLiveStreams());
  await listen(app, config.port, config.host, logger, async () => {
    sessionStore.close();
    await sessionsDb.destroy();
  });
  logger.info({ url: config.publicUrl, signIn: config.oidc.kind }, 'gateway ready');
}

void main().catch((error: unknown) => failStart('gateway', error));
