import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy* and waitFor wait for their condition up to 10 s (1 s by default): on a busy CI machine
// a screen can take longer than a second to settle, and a wait ends as soon as it holds anyway.
// Jest's testTimeout (jest.config.ts) leaves room for a few such waits in one test.
configure({ asyncUtilTimeout: 10_000 });
