/**
 * The one list of modules shared by the shell and every remote, as singletons with the same
 * requiredVersion (taken from the root lockfile's installed versions), so there is one React,
 * one router, one styled-components ThemeProvider, one SWR cache and one Redux store.
 */
const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  'react-router-dom',
  'swr',
  'styled-components',
  '@reduxjs/toolkit',
  'react-redux',
  '@matchday/ui',
  // charts (mf-stats); loaded on demand, so pages without a chart never fetch it
  'recharts',
] as const;

function installedVersion(name: string): string {
  const packageName = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0]!;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(`${packageName}/package.json`) as { version: string }).version;
}

export interface SharedEntry {
  singleton: true;
  requiredVersion: string;
  version: string;
  strictVersion: false;
}

export function sharedSingletons(): Record<string, SharedEntry> {
  return Object.fromEntries(
    SINGLETONS.map((name) => {
      const version = installedVersion(name);
      return [name, { singleton: true, requiredVersion: `^${version}`, version, strictVersion: false }];
    }),
  );
}
