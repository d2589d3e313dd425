import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';

/** The web's import policy; `baseMayNotImport`: what components/ and lib/ may not import. */
const webBoundaries = (baseMayNotImport) => [
  'error',
  {
    default: 'allow',
    policies: [
      { from: { element: { type: 'feature' } }, disallow: { to: { element: { types: { anyOf: ['feature', 'app'] } } } } },
      { from: { element: { type: 'feature' } }, allow: { to: { element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } } } } },
      { from: { element: { type: 'base' } }, disallow: { to: { element: { types: { anyOf: baseMayNotImport } } } } },
    ],
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', '**/playwright-report/**', 'apps/api/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Type-aware: a promise nobody awaits, or one handed where nothing waits for it (an event
    // handler), loses its rejection. `void` marks one left on purpose. Each file's own tsconfig
    // (apps/*, packages/shared, apps/web/e2e, bench) gives the types.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Web feature boundaries (DESIGN.md: the web's layout). A feature imports the base
    // (components/, lib/, test/, @drop/shared) and itself, never another feature nor app/; the base
    // imports no feature and no app/. What two features share moves to the base. Only app/ (the
    // composition root: router, layouts, routes) and test/ (the harness that renders with the app's
    // providers) see everything.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'app', pattern: 'apps/web/src/app' },
        { type: 'base', pattern: ['apps/web/src/components', 'apps/web/src/lib', 'apps/web/src/locales'] },
        { type: 'test', pattern: 'apps/web/src/test' },
      ],
    },
    rules: { 'boundaries/dependencies': webBoundaries(['feature', 'app', 'test']) },
  },
  {
    // The same for tests, except that a base module's test may use the harness (test/).
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: { 'boundaries/dependencies': webBoundaries(['feature', 'app']) },
  },
  {
    // Tests read loosely typed JSON bodies.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts', 'apps/web/e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
