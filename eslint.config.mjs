// Lint rules for every workspace: the recommended JavaScript and typescript-eslint sets, import
// hygiene, and the house rule that no source file grows past 400 lines. Layering (who may import
// whom) is checked by dependency-cruiser (.dependency-cruiser.cjs), not here.
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/generated/**', '**/coverage/**', 'charts/**', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] })] },
    rules: {
      'max-lines': ['error', { max: 400 }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/no-require-imports': 'off',
      'prefer-const': ['error', { destructuring: 'all', ignoreReadBeforeAssign: true }],
      // Resolution and named exports are tsc's job; these keep the import lists themselves tidy.
      'import-x/no-duplicates': 'error',
      'import-x/no-self-import': 'error',
      'import-x/first': 'error',
      // An empty case with a comment explaining why it shares the next case's body.
      'no-fallthrough': ['error', { allowEmptyCase: true }],
    },
  },
  {
    // k6 scripts run in k6's own runtime, which provides these.
    files: ['loadtests/k6/**/*.js'],
    languageOptions: { globals: { __ENV: 'readonly', __ITER: 'readonly', __VU: 'readonly' } },
  },
  {
    files: ['console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // The /api contract's schemas are the server's: the browser bundle takes their types only.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@modelgate/contracts/api',
              allowTypeImports: true,
              message: 'The console imports the /api contract as types only (`import type`): its zod schemas stay out of the browser bundle.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**', 'loadtests/**', '**/test-support/**', '**/testing/**'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
