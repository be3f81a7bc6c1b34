// ESLint (flat config): typescript-eslint's type-checked recommended rules on the TypeScript
// projects (each file checked against its own tsconfig, found by the project service; among them
// no-floating-promises and no-misused-promises), the plain recommended rules on the build scripts
// (.mjs). Formatting is Prettier's (`npm run format`); no
// rule here concerns layout.
// @ts-check
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Unused names: `_`-prefixed ones are deliberate (a required signature, a discarded rest sibling). */
const unusedVars = ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }];

export default defineConfig(
  { ignores: ['out/', 'dist/', '.e2e/', 'bench/results/', 'server/src/service/generated/'] },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // node:test's test() and describe() return promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite'] }] },
      ],
      '@typescript-eslint/no-unused-vars': unusedVars,
      // Declarations follow the code's conventions: camelCase values and functions, PascalCase
      // types, enum members and const objects used as enums (DiagnosticCode), UPPER_CASE constants
      // (build-time defines, test tables). Property names are not checked: they carry other
      // systems' spellings (HTTP headers, ELK layout options, JSON Schema keywords, numeric keys).
      '@typescript-eslint/naming-convention': [
        'error',
        { selector: 'default', format: ['camelCase'] },
        { selector: 'variable', format: ['camelCase'] },
        { selector: 'variable', modifiers: ['const'], format: ['camelCase', 'PascalCase', 'UPPER_CASE'] },
        { selector: 'parameter', format: ['camelCase'], leadingUnderscore: 'allow' },
        { selector: 'typeLike', format: ['PascalCase'] },
        { selector: 'enumMember', format: ['PascalCase'] },
        { selector: 'import', format: null },
        { selector: ['objectLiteralProperty', 'objectLiteralMethod', 'typeProperty', 'typeMethod'], format: null },
      ],
      // Async functions without an await implement a Promise-returning interface (VS Code's
      // serializers, test doubles); unawaited and misused promises are what no-floating-promises
      // and no-misused-promises catch.
      '@typescript-eslint/require-await': 'off',
      // Functions are handed around through interfaces written with method syntax (injected
      // dependencies, typed require()s) and none of them uses `this`: every finding was a false one.
      '@typescript-eslint/unbound-method': 'off',
      // Numeric enums (NodeType) are compared with the plain numbers read from the file.
      '@typescript-eslint/no-unsafe-enum-comparison': 'off',
      // The control characters are the point: what JSON strings must escape, what file names cannot hold.
      'no-control-regex': 'off',
    },
  },
  {
    // Product code: a non-null assertion says why it holds (an eslint-disable comment with a
    // `-- reason`), and no function grows past 80 lines (nested functions count in their parent).
    files: ['server/src/**/*.ts', 'client/src/**/*.ts', 'protocol/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'error',
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Every eslint-disable comment gives its reason after `--`.
    ...comments.recommended,
    rules: { ...comments.recommended.rules, '@eslint-community/eslint-comments/require-description': 'error' },
  },
  {
    // The webview runs in a browser: its tsconfig has no Node types; this keeps out the modules.
    files: ['client/src/graphPreview/webview/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(vscode|node:.*)$', message: 'The webview runs in a browser: no VS Code or Node modules.' }] },
      ],
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // Tests build and inspect requests as parsed JSON (`any`); product code keeps these rules.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Tests load bench/pearlGenerator with require(): the bench project references the test
      // project, so an import would make the project references circular.
      '@typescript-eslint/no-require-imports': 'off',
      // execFile's errors are Errors typed through Omit<>, which the rule does not recognise.
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
      // Expected JSON text is matched with its indentation spelled out, as it is laid out.
      'no-regex-spaces': 'off',
    },
  },
  {
    files: ['**/*.mjs'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
    rules: { 'no-unused-vars': unusedVars },
  },
);
