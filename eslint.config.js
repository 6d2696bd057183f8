// @ts-check
import fs from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = fs.existsSync('apps/web/src/features')
  ? fs.readdirSync('apps/web/src/features', { withFileTypes: true }).filter((entry) => entry.isDirectory())
  : [];

const serverSrc = 'apps/server/src';
const serverModules = fs.existsSync(`${serverSrc}/modules`)
  ? fs
      .readdirSync(`${serverSrc}/modules`, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];
/** Each module's public face, relative to the modules folder (decision 0027). */
const moduleFaces = serverModules.map((name) => `./${name}/index.ts`);
/** Routes plugins, which only the composition root registers (they are not part of a face). */
const moduleRoutes = serverModules.flatMap((name) =>
  fs
    .readdirSync(`${serverSrc}/modules/${name}`)
    .filter((file) => file.endsWith('.routes.ts'))
    .map((file) => `./${name}/${file}`),
);
/** Server code outside the modules and the composition root: http, jobs, db, lib, cli, vendor-sim. */
const serverOutsideModules = fs.existsSync(serverSrc)
  ? fs
      .readdirSync(serverSrc)
      .filter(
        (entry) => !['modules', 'app.ts', 'main.ts', 'test'].includes(entry) && !entry.endsWith('.test.ts'),
      )
      .map((entry) => `./${serverSrc}/${entry}`)
  : [];

/**
 * Module faces (decision 0027): a module's own files import each other directly; anything else imports
 * only `modules/<area>/index.ts`, so no repository (nor any other internal) is reachable from outside.
 * Tests are exempt (they check ledger invariants through the repositories).
 */
const serverFaceZones = [
  ...serverModules.map((name) => ({
    target: `./${serverSrc}/modules/${name}`,
    from: `./${serverSrc}/modules`,
    except: [`./${name}`, ...moduleFaces.filter((face) => face !== `./${name}/index.ts`)],
    message: 'a module imports another module only through its face, modules/<area>/index.ts (decision 0027)',
  })),
  {
    target: serverOutsideModules,
    from: `./${serverSrc}/modules`,
    except: moduleFaces,
    message: 'code outside the modules imports a module only through its face (decision 0027)',
  },
  {
    target: [`./${serverSrc}/app.ts`, `./${serverSrc}/main.ts`],
    from: `./${serverSrc}/modules`,
    except: [...moduleFaces, ...moduleRoutes],
    message: "the composition root imports a module's face or its routes plugin (decision 0027)",
  },
];

/**
 * Import direction (STYLE.md 1 and 2): on the web app -> features -> components/lib, and no feature
 * reaches into another; on the server routes -> service -> repo, and nothing imports the composition root.
 */
const importZones = [
  {
    target: './apps/web/src/features',
    from: './apps/web/src/app',
    message: 'features must not import the app layer',
  },
  {
    target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/i18n'],
    from: ['./apps/web/src/app', './apps/web/src/features'],
    message: 'shared code must not import the app or features',
  },
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature.name}`,
    from: './apps/web/src/features',
    except: [`./${feature.name}`],
    message: 'a feature must not import another feature',
  })),
  {
    target: './apps/server/src/modules/**/*.repo.ts',
    from: ['./apps/server/src/modules/**/*.service.ts', './apps/server/src/modules/**/*.routes.ts'],
    message: 'repositories hold SQL only: they import neither services nor routes',
  },
  {
    target: './apps/server/src/modules/**/*.service.ts',
    from: './apps/server/src/modules/**/*.routes.ts',
    message: 'services must not import routes',
  },
  {
    target: ['./apps/web/src', './packages/contracts/src'],
    from: './apps/server',
    message: 'the web app and the contracts never import server code',
  },
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'e2e/artifacts/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            'vitest.config.ts',
            '*.js',
            '*.mjs',
            'scripts/*.mjs',
            'bench/*.mjs',
            'e2e/*.mjs',
            'apps/web/scripts/*.mjs',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          conditionNames: ['import', 'node', 'default'],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Fastify handlers and hooks are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      eqeqeq: ['error', 'always'],
      'import-x/no-restricted-paths': ['error', { zones: [...importZones, ...serverFaceZones] }],
    },
  },
  {
    // No import cycles on the server (decision 0027): modules depend on each other one way.
    files: ['apps/server/src/**/*.ts'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Plain JavaScript scripts carry no types to check.
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/src/test/**/*.ts'],
    rules: {
      // Tests may read another module's internals (ledger invariants); the faces bind production code.
      'import-x/no-restricted-paths': ['error', { zones: importZones }],
      // Tests read JSON replies whose shape the assertions check.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
