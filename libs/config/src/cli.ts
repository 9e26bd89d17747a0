/**
 * Frontend build and standalone dev server, the same for the shell and every remote:
 *   tsx ../libs/config/src/cli.ts build   -> production build (shell: dist/, remote: dist/<version>/)
 *   tsx ../libs/config/src/cli.ts serve   -> development server with /api, /auth and /connect proxied
 *                                            to the gateway (GATEWAY_URL, default http://localhost:8080)
 * Reads ./federation.config.ts and ./package.json of the current package.
 */
import fs from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { createWebpackConfig, outputDir, type FederationConfig } from './federation';

async function main(): Promise<void> {
  const command = process.argv[2];
  const packageDir = process.cwd();
  const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const federation = (require(path.join(packageDir, 'federation.config.ts')) as { default: FederationConfig }).default;

  if (command === 'build') {
    const started = Date.now();
    const target = { packageDir, version, production: true };
    const config = createWebpackConfig(federation, target);
    const stats = await new Promise<webpack.Stats>((resolve, reject) => {
      webpack(config, (error, result) => (error || !result ? reject(error ?? new Error('no stats')) : resolve(result)));
    });
    if (stats.hasErrors()) {
      console.error(stats.toString('errors-only'));
      process.exit(1);
    }
    const out = outputDir(federation, target);
    const info = { name: federation.name, version, buildTime: new Date().toISOString() };
    fs.writeFileSync(path.join(out, federation.kind === 'host' ? 'version.json' : 'build-info.json'), JSON.stringify(info));
    console.log(
      `${federation.name}@${version} built in ${((Date.now() - started) / 1000).toFixed(1)} s -> ${path.relative(process.cwd(), out) || '.'}`,
    );
    return;
  }
  if (command === 'serve') {
    const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';
    const config = createWebpackConfig(federation, { packageDir, version, production: false });
    config.output = { ...config.output, publicPath: '/' };
    const server = new WebpackDevServer(
      {
        port: Number(process.env.DEV_PORT ?? 0) || 'auto',
        historyApiFallback: true,
        hot: false,
        proxy: [{ context: ['/api', '/auth', '/connect', '/mf-manifest.json', '/remotes', '/version.json'], target: gateway }],
      },
      webpack(config),
    );
    await server.start();
    return;
  }
  throw new Error('Usage: cli.ts build | serve');
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
