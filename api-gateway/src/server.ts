import { createLogger, failStart, listen, openDatabase, setLogLevel } from '@matchday/server';
import { openRemoteStateStore } from '@matchday/remote-state';
import { createGateway } from './app';
import { loadConfig } from './config';
import { KnexSessionStore } from './sessions/session-store';
import { SharedBus } from './shared/bus';

async function main(): Promise<void> {
  const config = loadConfig();
  setLogLevel(config.logLevel);
  const logger = createLogger('api-gateway');
  const sessionsDb = await openDatabase(config.sessionsDatabase);
  const sessionStore = await KnexSessionStore.open(sessionsDb);
  const remoteState = await openRemoteStateStore(config.sessionsDatabase, config.dataDir, sessionsDb);
  const bus = await SharedBus.open(config.redisUrl, logger);
  const app = createGateway(config, { sessionsDb, sessionStore, remoteState, bus });
  // At SIGTERM/SIGINT, live streams are told to reconnect shortly and closed, so the drain is not held up by them.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => app.closeLiveStreams());
  const server = await listen(app, config.port, config.host, logger, async () => {
    sessionStore.close();
    bus.close();
    await remoteState.close();
    await sessionsDb.destroy();
  });
  const address = server.address();
  if (address && typeof address === 'object') await app.warmUp(address.port);
  logger.info(
    { url: config.publicUrl, signIn: config.oidc.kind, shared: bus.shared ? 'redis' : 'none', remoteState: remoteState.where },
    'gateway ready',
  );
}

void main().catch((error: unknown) => failStart('gateway', error));
