import type { Config } from 'jest';

/**
 * The browser suite: real server (built), real Chromium. One file at a time: the machine has 2
 * cores. One server (default settings) and one Chromium are started once for the whole suite
 * and shared by the files (`support/global-setup.ts`); each file signs up users of its own, and
 * starts a server of its own only where it needs other settings.
 */
const config: Config = {
  rootDir: '..',
  roots: ['<rootDir>/e2e'],
  testMatch: ['**/*.e2e.ts'],
  testEnvironment: 'node',
  maxWorkers: 1,
  testTimeout: 120_000,
  globalSetup: '<rootDir>/e2e/support/global-setup.ts',
  globalTeardown: '<rootDir>/e2e/support/global-teardown.ts',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/e2e/tsconfig.json' }],
  },
};

export default config;
