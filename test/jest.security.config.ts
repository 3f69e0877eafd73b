import type { Config } from 'jest';

/**
 * Security: fuzzing, stored XSS, access control, tokens, brute force and secrets. Suites run one
 * at a time in a fixed order so that the secrets check, last, greps the log of all the others.
 */
const config: Config = {
  displayName: 'security',
  rootDir: '..',
  testEnvironment: 'node',
  roots: ['<rootDir>/test/security'],
  testMatch: ['**/*.test.ts'],
  maxWorkers: 1,
  testTimeout: 120_000,
  globalSetup: '<rootDir>/test/support/log-capture-setup.ts',
  testSequencer: '<rootDir>/test/support/secrets-last-sequencer.js',
  // The server's CommonJS htmlparser2, not the ESM-only one at the root.
  moduleNameMapper: { '^htmlparser2$': '<rootDir>/server/node_modules/htmlparser2' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }],
    // openid-client and its dependencies are ES modules only: compiled to CommonJS here.
    '/node_modules/(openid-client|oauth4webapi|jose)/.+\\.js$':
      '<rootDir>/test/support/esm-to-commonjs.cjs',
  },
  transformIgnorePatterns: ['/node_modules/(?!(openid-client|oauth4webapi|jose)/)'],
};

export default config;
