import path from 'node:path';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { AREA_ROUTES, containerName, routePattern } from '@matchday/contracts';
import { SharedApiPlugin } from './shared-api';
import { InitialFilesPlugin } from './initial-files';
import { facadeAliases, sharedSingletons } from './shared';
import { pwaPlugins, type PwaConfig } from './pwa';

/** What each frontend declares in its federation.config.ts. */
export interface FederationConfig {
  /** Package name: "shell" or "mf-<area>". */
  name: string;
  kind: 'host' | 'remote';
  /** Remote only: exposed modules, e.g. { './App': './src/exposes/App.tsx' }. */
  exposes?: Record<string, string>;
  /** Page title of the HTML page (the shell's index.html, or a remote's standalone page). */
  title: string;
  /** Host only: web app manifest, icons and the Workbox service worker (libs/config/src/pwa.ts). */
  pwa?: PwaConfig;
}

export interface BuildTarget {
  packageDir: string;
  version: string;
  production: boolean;
}

/** Where a build lands: the shell in dist/, a remote in dist/<version>/ (older versions stay for rollback). */
export function outputDir(config: FederationConfig, target: BuildTarget): string {
  return config.kind === 'host' ? path.join(target.packageDir, 'dist') : path.join(target.packageDir, 'dist', target.version);
}

/** The shell's route table as [pattern, remote] pairs for the page's inline script that preloads the route's remote entry. */
function routeRemotes(): Array<[string, string]> {
  return AREA_ROUTES.map((route) => [routePattern(route.path), route.remote]);
}

/** react, react/jsx-runtime, react-dom and react-dom/client: the shell needs all four before it draws anything. */
const REACT_CHUNK = {
  test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
  name: 'react',
  chunks: 'async',
  enforce: true,
} as const;
/** The other shared libraries the shell's first render needs (router, styles, SWR), and the router's facade. */
const LIBS_CHUNK = {
  test: /[\\/](node_modules[\\/](react-router|styled-components|stylis|swr|dequal|use-sync-external-store)[\\/]|libs[\\/]config[\\/]src[\\/]facades[\\/]react-router-dom)/,
  name: 'libs',
  chunks: 'async',
  enforce: true,
} as const;
/**
 * Redux Toolkit, Immer, Redux and React Redux with their facades: not part of the first render (the UI kit's store
 * runs without them until the shell calls startRedux, libs/ui/src/store.ts), one script when they are loaded.
 */
const REDUX_CHUNK = {
  test: /[\\/](node_modules[\\/](@reduxjs[\\/]toolkit|immer|redux|redux-thunk|react-redux|reselect)[\\/]|use-sync-external-store[\\/](with-selector|cjs[\\/]use-sync-external-store-with-selector)|libs[\\/]config[\\/]src[\\/]facades[\\/](reduxjs-toolkit|react-redux))/,
  name: 'redux',
  chunks: 'async',
  enforce: true,
  // React Redux's selector hook of use-sync-external-store: here rather than with SWR's shim in the libs chunk
  priority: 1,
} as const;

/** The one webpack configuration used by the shell and every remote. */
export function createWebpackConfig(config: FederationConfig, target: BuildTarget): webpack.Configuration {
  const isHost = config.kind === 'host';
  const mode = target.production ? 'production' : 'development';
  return {
    mode,
    context: target.packageDir,
    entry: { main: './src/index.ts' },
    devtool: target.production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: outputDir(config, target),
      publicPath: isHost ? '/' : 'auto',
      uniqueName: containerName(config.name),
      filename: target.production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: target.production ? '[name].[contenthash:8].js' : '[name].js',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'], alias: facadeAliases() },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          loader: 'esbuild-loader',
          options: { loader: 'tsx', target: 'es2020', jsx: 'automatic' },
          // our code importing a name a module does not export (e.g. one left out of a facade) fails the build
          parser: { javascript: { exportsPresence: 'error' } },
        },
        // React Router's module-level component and context calls marked pure: its unused components are left out
        {
          test: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/,
          loader: path.join(__dirname, 'pure-calls-loader.ts'),
        },
        // the API contract is types and constants: a module none of whose exports is used is left out
        { test: path.join(path.dirname(require.resolve('@matchday/contracts/package.json')), 'src'), sideEffects: false },
        // @matchday/ui/unshared (and what it re-exports): a frontend keeps only the modules it imports from it
        { test: path.dirname(require.resolve('@matchday/ui/package.json')), sideEffects: false },
        { test: /\.(png|svg|jpg|webp|woff2?)$/, type: 'asset/resource', generator: { filename: 'assets/[name].[contenthash:8][ext]' } },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: containerName(config.name),
        filename: isHost ? undefined : 'remoteEntry.js',
        exposes: config.exposes,
        remotes: isHost ? {} : undefined,
        shared: sharedSingletons(),
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: false,
        // remotes are registered by entry URL (src/remotes/registry.ts): no manifest snapshots, browser only
        experiments: {
          optimization: { disableSnapshot: true, target: 'web' },
          // a remote's entry uses the runtime core the shell already runs (runtime-core-provider.ts) rather than
          // its own copy; the standalone development server of a remote keeps its copy (no shell there)
          ...(!isHost && target.production ? { externalRuntime: true } : {}),
        },
        runtimePlugins: isHost ? [path.join(__dirname, 'runtime-core-provider.ts')] : [],
      }),
      new HtmlWebpackPlugin({
        template: path.join(__dirname, 'index.html'),
        title: config.title,
        // the shell's page draws the header and a loading screen before any JavaScript (index.html)
        appShell: isHost,
        routeRemotes: isHost ? routeRemotes() : [],
        publicPath: isHost ? '/' : 'auto',
        scriptLoading: 'defer',
        chunks: ['main'],
      }),
      new webpack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(mode),
        __MATCHDAY_VERSION__: JSON.stringify(target.version),
      }),
      ...(isHost && config.pwa ? pwaPlugins(config.pwa, target.packageDir, target.production) : []),
      // what the first screen loads, for the size budget of npm test
      new InitialFilesPlugin({ kind: config.kind, entry: isHost ? 'main' : containerName(config.name), packageDir: target.packageDir }),
      // which names of the UI kit and the facades it needs (and, the shell, gives): checked when a version goes live
      new SharedApiPlugin({ kind: config.kind }),
      new webpack.ProgressPlugin({ percentBy: 'entries' }),
    ],
    optimization: {
      // The shell: the shared libraries its first render needs come in two scripts (React; the others with the router's
      // facade) instead of one per library and one per facade: fewer answers and less gzip before Home's first card.
      // Redux comes later, in a third.
      ...(isHost
        ? { splitChunks: { cacheGroups: { defaultVendors: false, react: REACT_CHUNK, libs: LIBS_CHUNK, redux: REDUX_CHUNK } } }
        : {}),
      // swc's minifier in place of terser: the six builds in about half the time, each as small or smaller
      minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: { passes: 2 }, mangle: true } })],
    },
    performance: { hints: false },
    infrastructureLogging: { level: 'warn' },
    stats: 'errors-warnings',
  };
}
