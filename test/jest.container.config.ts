import type { Config } from 'jest';

/**
 * Container: builds the image from the Dockerfile with podman and proves it, alone and with
 * compose.yaml on PostgreSQL (test/container). As root: the suite installs podman when missing
 * (`make-base-images.sh`, see docs/testing.md). Files run one at a time: they share the image.
 */
const config: Config = {
  displayName: 'container',
  rootDir: '..',
  testEnvironment: 'node',
  roots: ['<rootDir>/test/container'],
  testMatch: ['**/*.test.ts'],
  maxWorkers: 1,
  testTimeout: 300_000,
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }],
  },
};

export default config;
