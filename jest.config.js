// Unit and integration tests of libs, services and the gateway (TypeScript through @swc/jest).
// Plain JS so jest needs no ts-node to read it.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: [
    '<rootDir>/libs',
    '<rootDir>/services',
    '<rootDir>/api-gateway',
    '<rootDir>/mf-fixtures',
    '<rootDir>/mf-stats',
    '<rootDir>/mf-tips',
    '<rootDir>/mf-account',
    '<rootDir>/mf-admin',
    '<rootDir>/shell',
    '<rootDir>/scripts',
    // tests across packages (they import the packages by name)
    '<rootDir>/test',
  ],
  testMatch: ['**/test/**/*.test.ts'],
  setupFiles: ['<rootDir>/test/support/jest-env.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        // JSX as the frontends' build compiles it (esbuild's automatic runtime: no React in scope)
        jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!(jose|p-queue|p-timeout|eventemitter3|fmin)/)'],
  // Seeding the demo season on MySQL takes 10-20 s on a busy 2-core machine; hooks share this bound.
  testTimeout: 60_000,
  maxWorkers: 2,
};
