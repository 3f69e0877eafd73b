import type { Config } from 'jest';

/**
 * Reliability: crash safety (real server process, SIGKILL), concurrency, graceful shutdown and
 * database trouble. Suites run one at a time: they start servers and load the machine.
 */
const config: Config = {
  displayName: 'reliability',
  rootDir: '..',
  testEnvironment: 'node',
  roots: ['<rootDir>/test/reliability'],
  testMatch: ['**/*.test.ts'],
  maxWorkers: 1,
  testTimeout: 120_000,
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }],
  },
};

export default config;
