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
    // openid-client and its dependencies are ES modules only: compiled to CommonJS here.
    '/node_modules/(openid-client|oauth4webapi|jose)/.+\\.js$':
      '<rootDir>/test/support/esm-to-commonjs.cjs',
  },
  transformIgnorePatterns: ['/node_modules/(?!(openid-client|oauth4webapi|jose)/)'],
};

export default config;
