import type { Config } from 'jest';

/**
 * Unit and integration tests: the server on node, the client on jsdom, both through ts-jest.
 * `*.postgres.test.ts` files test what only PostgreSQL has: they run when TEST_DATABASE_URL names
 * a server (`npm run test:pg`, CI's PostgreSQL suite) and are left out of the SQLite run.
 */
const postgresOnly = process.env.TEST_DATABASE_URL ? [] : ['\\.postgres\\.test\\.ts$'];

/**
 * A cap, not a wait: a test ends as soon as its conditions hold. Jest's 5 s default is shorter
 * than a route test's few `findBy` waits take on a shared 2-core machine under load.
 */
const testTimeout = 30_000;

const config: Config = {
  testTimeout,
  projects: [
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/server'],
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', ...postgresOnly],
      transform: {
        '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/server/tsconfig.json' }],
        // openid-client and its dependencies are ES modules only: compiled to CommonJS here.
        '/node_modules/(openid-client|oauth4webapi|jose)/.+\\.js$':
          '<rootDir>/test/support/esm-to-commonjs.cjs',
      },
      transformIgnorePatterns: ['/node_modules/(?!(openid-client|oauth4webapi|jose)/)'],
    },
    {
      displayName: 'client',
      testEnvironment: '<rootDir>/client/jest-environment.cjs',
      roots: ['<rootDir>/client/src'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/client/src/test-setup.ts'],
      moduleNameMapper: {
        '\\.(css|svg|png)$': '<rootDir>/client/src/test-file-stub.ts',
      },
      transform: {
        '^.+\\.tsx?$': [
          'ts-jest',
          {
            tsconfig: {
              jsx: 'react-jsx',
              module: 'commonjs',
              moduleResolution: 'node',
              esModuleInterop: true,
              isolatedModules: true,
            },
          },
        ],
      },
    },
  ],
};

export default config;
