import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { replayTarget } from '@matchday/football/importers';
import { dropMysqlDatabase } from '@matchday/server';
import { PRODUCTION_NODE_FLAGS, freePort, repoRoot } from './processes';
import { startStack, type RunningStack, type StackOptions } from './stack';

/**
 * The scale-out rig: MariaDB, redis-server on a free port, two gateways sharing both (REDIS_URL,
 * GATEWAY_DATABASE_URL), the same three services behind both, and a round-robin front (Debian's nginx when it is
 * installed, else a small Node proxy) whose URL is everyone's PUBLIC_URL. Gateway B has its own DATA_DIR, as a
 * second host would: what both see comes from the database or Redis, never from a shared file.
 * MariaDB is TEST_MYSQL_URL's server when set (CI starts one), else a throwaway one of .ci/mariadb.sh.
 */

const SERVICES = ['football', 'accounts', 'insights', 'gateway'] as const;

/** The session secret both gateways sign cookies with (they must agree, as in production). */
const RIG_SESSION_SECRET = 'scale-out-rig-session-secret-0123456789abcdef';

/** A binary on PATH (or in the sbin folders Debian keeps daemons in), or null. */
export function findExecutable(name: string): string | null {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  for (const dir of dirs) {
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return null;
}

/** Stops with what to install when the rig cannot run here (the rig tests never skip). */
export function requireRigTools(needMariadb: boolean): { redis: string; nginx: string | null } {
  const redis = findExecutable('redis-server');
  const missing = [...(redis ? [] : ['redis-server']), ...(needMariadb && !findExecutable('mariadbd') ? ['mariadb-server'] : [])];
  if (missing.length)
    throw new Error(
      `The scale-out rig needs ${missing.join(' and ')}, which ${missing.length > 1 ? 'are' : 'is'} not installed.\n` +
        `  Debian/Ubuntu: sudo apt-get install -y ${missing.join(' ')} nginx   (.ci/run installs them in CI)\n` +
        '  (nginx is optional: without it the rig uses a small Node round-robin proxy)',
    );
  return { redis: redis!, nginx: findExecutable('nginx') };
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
}

/** Whether a Redis server answers PING on this port. */
function redisAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/** redis-server on a loopback port, nothing persisted; stop() and start() again on the same port (outage tests). */
export class RedisServer {
  private child: ChildProcess | null = null;
  constructor(
    private readonly binary: string,
    readonly port: number,
    private readonly dir: string,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir];
    this.child = spawn(this.binary, args, { stdio: 'ignore' });
    const child = this.child;
    await waitFor('redis-server', async () => {
      if (child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode}`);
      return redisAnswers(this.port);
    });
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child) return;
    child.kill('SIGKILL');
    await exited(child);
  }
}

/** The round-robin front: nginx as a balancer would be configured for the gateway (README "Behind a proxy"). */
async function startNginx(binary: string, dir: string, port: number, upstreams: number[]): Promise<() => Promise<void>> {
  const conf = path.join(dir, 'nginx.conf');
  fs.mkdirSync(path.join(dir, 'temp'), { recursive: true });
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  fs.writeFileSync(
    conf,
    `${asRoot ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
  upstream gateways {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    # nginx closes a client's keep-alive connection after 1,000 requests by default; a load generator that sends
    # its next request on the closing connection counts an error (bench/scale-out.ts saw 5 in 56k)
    keepalive_requests 100000;
    location / {
      proxy_pass http://gateways;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_buffering off;
      proxy_read_timeout 1h;
      proxy_next_upstream error timeout;
    }
  }
}
`,
  );
  const child = spawn(binary, ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log')], { stdio: 'ignore' });
  await waitFor('nginx', async () => {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode}; see ${dir}/error.log`);
    return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
  });
  return async () => {
    child.kill('SIGTERM');
    await exited(child);
  };
}

/** Without nginx: a round-robin proxy that passes a request to the next gateway when one refuses the connection. */
async function startNodeFront(port: number, upstreams: number[]): Promise<() => Promise<void>> {
  let next = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (left: number) => {
        const upstream = upstreams[next++ % upstreams.length]!;
        const forward = http.request(
          {
            host: '127.0.0.1',
            port: upstream,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1' },
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
            res.on('close', () => answer.destroy());
          },
        );
        forward.on('error', () => {
          if (res.headersSent) res.destroy();
          else if (left > 1) attempt(left - 1);
          else res.writeHead(502).end();
        });
        forward.end(body);
      };
      attempt(upstreams.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

async function startMariadb(dir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const script = path.join(repoRoot, '.ci', 'mariadb.sh');
  const run = (args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn('bash', [script, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
      let errors = '';
      child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`.ci/mariadb.sh ${args[0]} failed: ${errors.trim()}`))));
    });
  await run(['start', dir, String(port)]);
  return { url: `mysql://matchday:matchday@127.0.0.1:${port}`, stop: () => run(['stop', dir]) };
}

export interface RigOptions {
  /** More environment for every process (e.g. ADMIN_EMAILS, LOG_LEVEL). */
  env?: NodeJS.ProcessEnv;
  replay?: StackOptions['replay'];
  asOf?: StackOptions['asOf'];
  /** FRONTEND_ROOT of both gateways (default the repository). */
  frontendRoot?: string;
  /** The front: nginx when installed, else the Node proxy (default); `node` picks the Node proxy anyway. */
  front?: 'auto' | 'node';
  /** V8 flags of the compiled servers (default PRODUCTION_NODE_FLAGS: the rig stands for production hosts). */
  nodeFlags?: readonly string[];
}

export interface Rig {
  /** The round-robin front: every client's URL (and PUBLIC_URL). */
  front: string;
  frontKind: 'nginx' | 'node';
  /** Gateway A and gateway B, straight (each one's own port). */
  gateways: [string, string];
  stack: RunningStack;
  redis: RedisServer;
  /** mysql://... of each database (gateway: sessions and remote versions). */
  databases: Record<(typeof SERVICES)[number], string>;
  /** The football service's database: `databases.football`, or the replay's when replaying. */
  footballDatabase: string;
  /** Host A's environment (DATA_DIR, the databases, REDIS_URL): what a CLI run on host A sees. */
  hostA: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/** Starts the rig; throws with an install message when redis-server (or MariaDB without TEST_MYSQL_URL) is missing. */
export async function startRig(options: RigOptions = {}): Promise<Rig> {
  const given = process.env.TEST_MYSQL_URL;
  const tools = requireRigTools(!given);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-rig-'));
  const cleanups: Array<() => Promise<void>> = [async () => fs.rmSync(dir, { recursive: true, force: true })];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  };
  try {
    let mysql = given;
    if (!mysql) {
      const mariadb = await startMariadb(path.join(dir, 'mariadb'));
      cleanups.push(mariadb.stop);
      mysql = mariadb.url;
    }
    const id = randomBytes(4).toString('hex');
    const databases = Object.fromEntries(
      SERVICES.map((name) => {
        const url = new URL(mysql);
        url.pathname = `/matchday_rig_${id}_${name}`;
        return [name, url.toString()];
      }),
    ) as Rig['databases'];
    const footballDatabase = options.replay
      ? replayTarget({ FOOTBALL_DATABASE_URL: databases.football }).target.location
      : databases.football;
    cleanups.push(async () => {
      for (const location of new Set([...Object.values(databases), footballDatabase])) await dropMysqlDatabase(location);
    });

    fs.mkdirSync(path.join(dir, 'redis'));
    const redis = new RedisServer(tools.redis, await freePort(), path.join(dir, 'redis'));
    await redis.start();
    cleanups.push(() => redis.stop());

    const [frontPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
    const front = `http://127.0.0.1:${frontPort}`;
    const hostA = {
      DATA_DIR: path.join(dir, 'host-a'),
      FRONTEND_ROOT: options.frontendRoot ?? repoRoot,
      REDIS_URL: redis.url,
      GATEWAY_DATABASE_URL: databases.gateway,
    };
    const stack = await startStack({
      port: portA,
      nodeFlags: options.nodeFlags ?? PRODUCTION_NODE_FLAGS,
      moreGateways: [{ port: portB, env: { DATA_DIR: path.join(dir, 'host-b') } }],
      dataDir: hostA.DATA_DIR,
      env: {
        ...options.env,
        ...hostA,
        PUBLIC_URL: front,
        SESSION_SECRET: RIG_SESSION_SECRET,
        TRUST_PROXY: '1',
        FOOTBALL_DATABASE_URL: databases.football,
        ACCOUNTS_DATABASE_URL: databases.accounts,
        INSIGHTS_DATABASE_URL: databases.insights,
      },
      ...(options.replay ? { replay: options.replay } : {}),
      ...(options.asOf ? { asOf: options.asOf } : {}),
    });
    cleanups.push(() => stack.stop());

    const nginx = options.front === 'node' ? null : tools.nginx;
    const stopFront = nginx
      ? await startNginx(nginx, path.join(dir, 'nginx'), frontPort, [portA, portB])
      : await startNodeFront(frontPort, [portA, portB]);
    cleanups.push(stopFront);
    return {
      front,
      frontKind: nginx ? 'nginx' : 'node',
      gateways: [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`],
      stack,
      redis,
      databases,
      footballDatabase,
      hostA: { ...stack.env, ...hostA },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
