// Type-aware lint for every TypeScript file in the repository.
import js from '@eslint/js';
import fs from 'node:fs';

import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/** Relative imports without an extension, as TypeScript writes them. */
const resolverSettings = {
  'import-x/resolver-next': [
    createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json', '.node'] }),
  ],
};

// ---- Server layers -----------------------------------------------------------------------------
// One direction of imports inside server/src: base (errors, config, logger, paths) <- store <-
// services (auth beside them, importing only the base) <- rest, graphql. The composition root
// (app.ts, index.ts, test-support/) and the tests may import anything.
const serverBase = ['errors.ts', 'config.ts', 'logger.ts', 'paths.ts'];

/** A zone: the files of `layer` (tests aside) import only the base, themselves and `allowed`. */
const serverLayer = (layer, allowed, message) => ({
  target: [layer]
    .flat()
    .map((t) => (t.endsWith('.ts') ? `./server/src/${t}` : `./server/src/${t}/**/!(*.test).ts`)),
  from: './server/src',
  except: [...serverBase, ...allowed].map((p) => `./${p}`),
  message,
});

const serverLayers = {
  files: ['server/src/**/*.ts'],
  plugins: { 'import-x': importX },
  settings: resolverSettings,
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        basePath: import.meta.dirname,
        zones: [
          serverLayer(
            serverBase,
            [],
            'errors, config, logger and paths are the base: they import no other layer.',
          ),
          serverLayer('store', ['store'], 'store/ imports only the base.'),
          serverLayer('auth', ['auth'], 'auth/ imports only the base.'),
          serverLayer(
            'services',
            ['services', 'auth', 'store/index.ts'],
            'services/ import the store only through store/index.ts, and no door.',
          ),
          serverLayer(
            'rest',
            ['rest', 'services', 'auth'],
            'rest/ is a door: services, auth and the base only.',
          ),
          serverLayer(
            'graphql',
            ['graphql', 'services', 'auth'],
            'graphql/ is a door: services, auth and the base only.',
          ),
        ],
      },
    ],
  },
};
// ---- end of server layers ----------------------------------------------------------------------

// ---- Client layers -----------------------------------------------------------------------------
// shared (components, hooks, lib, gql) <- features <- app, as bulletproof-react does it: shared
// code imports no feature and not the app; a feature imports shared code and its own files, never
// another feature's or the app's. The app (router, layouts, routes) composes the features. Tests
// and test-support may import anything; nothing but tests imports test-support (its fakes).
const clientSrc = './client/src';
const features = fs.readdirSync(new URL('./client/src/features', import.meta.url));
const clientFolders = fs
  .readdirSync(new URL('./client/src', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'test-support')
  .map((entry) => entry.name);
const notTests = '!(*.test).{ts,tsx}';

const clientLayers = {
  files: ['client/src/**/*.{ts,tsx}'],
  plugins: { 'import-x': importX },
  settings: resolverSettings,
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        basePath: import.meta.dirname,
        zones: [
          ...['components', 'hooks', 'lib'].map((shared) => ({
            target: `${clientSrc}/${shared}/**/${notTests}`,
            from: [`${clientSrc}/features`, `${clientSrc}/app`],
            message: `${shared}/ is shared code: it imports no feature and not the app.`,
          })),
          ...features.map((feature) => ({
            target: `${clientSrc}/features/${feature}/**/${notTests}`,
            from: [`${clientSrc}/features`, `${clientSrc}/app`],
            except: [`./${feature}`],
            message: `features/${feature} imports shared code and its own files: not another feature, not the app.`,
          })),
          {
            target: [
              `${clientSrc}/*.{ts,tsx}`,
              ...clientFolders.map((folder) => `${clientSrc}/${folder}/**/${notTests}`),
            ],
            from: `${clientSrc}/test-support`,
            message: 'test-support/ holds test fakes: only tests import it.',
          },
        ],
      },
    ],
  },
};
// ---- end of client layers ----------------------------------------------------------------------

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'client/src/gql/**',
      'server/src/graphql/generated/**',
      'data/**',
      'bench/results/**',
      '**/*.mjs',
      '**/*.js',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    // Tests read JSON bodies (supertest's `any`) and assert on them; type-safety rules add noise there.
    files: [
      '**/*.test.ts',
      '**/*.test.tsx',
      'e2e/**/*.ts',
      'test/**/*.ts',
      'bench/**/*.ts',
      '**/test-support/**/*.ts',
    ],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  serverLayers,
  clientLayers,
);
