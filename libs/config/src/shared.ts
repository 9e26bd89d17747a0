import path from 'node:path';

/**
 * The one list of modules shared by the shell and every remote, as singletons, so there is one React,
 * one router, one styled-components ThemeProvider, one SWR cache and one Redux store. Each build offers the
 * version installed from the root lockfile; the runtime takes the highest version offered.
 */
export const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  // the router: every build resolves it to facades/react-router-dom.ts, which holds react-router
  'react-router-dom',
  'swr',
  'styled-components',
  // every build resolves it to facades/reduxjs-toolkit.ts
  '@reduxjs/toolkit',
  // every build resolves it to facades/react-redux.ts
  'react-redux',
  '@matchday/ui',
  // the live match centre's client (one stream per tab); loaded on demand by the screens that show live data
  '@matchday/ui/live',
  // charts (mf-stats); loaded on demand, so pages without a chart never fetch it
  'recharts',
] as const;

const FACADES = path.join(__dirname, 'facades');

/**
 * Shared singletons that are big libraries of which the frontends use a small part resolve to a facade
 * (facades/*.ts) that re-exports that part: the singleton is the facade, and webpack tree-shakes the
 * library inside it. react-router-dom's facade wraps react-router's production build (its exports map
 * gives a bundler the development one).
 */
export function facadeAliases(): Record<string, string> {
  const packageFile = (name: string, file: string) => path.join(path.dirname(require.resolve(`${name}/package.json`)), file);
  return {
    'react-router-dom$': path.join(FACADES, 'react-router-dom.ts'),
    'react-router$': packageFile('react-router', 'dist/production/index.mjs'),
    '@reduxjs/toolkit$': path.join(FACADES, 'reduxjs-toolkit.ts'),
    'react-redux$': path.join(FACADES, 'react-redux.ts'),
    // the real libraries behind those two facades, under names that are not shared (facades/implementations.d.ts)
    '@matchday/impl/reduxjs-toolkit$': packageFile('@reduxjs/toolkit', 'dist/redux-toolkit.modern.mjs'),
    '@matchday/impl/react-redux$': packageFile('react-redux', 'dist/react-redux.mjs'),
  };
}

function installedVersion(name: string): string {
  const packageName = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0]!;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(`${packageName}/package.json`) as { version: string }).version;
}

export interface SharedEntry {
  singleton: true;
  requiredVersion: false;
  version: string;
  strictVersion: false;
}

/**
 * requiredVersion false: the federation runtime then takes the singleton without a semver check. With
 * `^<version>` (before) it parsed a range per shared module on every load, ~8 ms of the shell's first task and
 * ~3 ms of the remote's on Home's first load (CPU profile, this machine's Chromium, unthrottled), and the
 * singleton it took was the same either way: a mismatch only printed a console warning (strictVersion is false).
 */
export function sharedSingletons(): Record<string, SharedEntry> {
  return Object.fromEntries(
    SINGLETONS.map((name) => {
      const version = installedVersion(name);
      return [name, { singleton: true, requiredVersion: false, version, strictVersion: false }];
    }),
  );
}
