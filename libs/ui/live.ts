/**
 * `@matchday/ui/live`: the live match centre's client: one Server-Sent Events stream per tab, shared
 * by the shell and every remote. It is a Module Federation shared singleton of its own (libs/config's SINGLETONS),
 * apart from `@matchday/ui`, which is loaded whole with the shell's first render (and has no room left in the shell's
 * size budget): it comes with the first remote that imports it (about 4.3 KB gzip), and two remotes on one page still
 * reach one client and one stream. The stream itself opens only while a screen needs live data.
 */
export * from './src/live-state';
export * from './src/live-client';
export * from './src/live-hooks';
export * from './src/live-parts';
