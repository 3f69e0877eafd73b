import type { Config } from 'jest';

/** The browser suite: real server (built), real Chromium. One file at a time: the machine has 2 cores. */
const config: Config = {
  rootDir: '..',
  roots: ['<rootDir>/e2e'],
  testMatch: ['**/*.e2e.ts'],
  testEnvironment: 'node',
  maxWorkers: 1,
  testTimeout: 120_000,
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/e2e/tsconfig.json' }],
  },
};

export default config;
