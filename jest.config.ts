import type { Config } from 'jest';

/** Unit and integration tests: the server on node, the client on jsdom, both through ts-jest. */
const config: Config = {
  projects: [
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/server'],
      testMatch: ['**/*.test.ts'],
      transform: {
        '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/server/tsconfig.json' }],
      },
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
