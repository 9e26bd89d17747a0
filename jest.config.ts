import type { Config } from 'jest';

/** Unit and integration tests of libs, services and the gateway (TypeScript through @swc/jest). */
const config: Config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/libs', '<rootDir>/services', '<rootDir>/api-gateway'],
  testMatch: ['**/test/**/*.test.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!(jose)/)'],
  testTimeout: 30_000,
  maxWorkers: 2,
};
export default config;
