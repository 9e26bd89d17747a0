/**
 * `@matchday/ui/unshared`: the parts of the UI kit that need no single instance. Each frontend bundles what it
 * imports from here (webpack keeps only that), unlike `@matchday/ui` itself, which is a Module Federation shared
 * singleton loaded whole with the shell's first render: what only some screens use lives here so the shell stays
 * within its size budget. These modules take the shared pieces (Card, Page, apiGet, ...) from `@matchday/ui`.
 */
export * from './src/screen-state';
export * from './src/query';
export * from './src/queries';
export * from './src/route-ids';
export * from './src/auth-user';
export * from './src/dismiss';
export * from './src/layout';
export * from './src/form-letters';
export * from './src/tooltip';
export * from './src/calendar-links';
export * from './src/personal';
export * from './src/figures';
export * from './src/dialog';
export * from './src/player-photo';
export * from './src/flag-badge';
export * from './src/words';
export * from './src/live-light';
