// ESLint (flat config): typescript-eslint's type-checked recommended rules on the TypeScript
// projects (each file checked against its own tsconfig, found by the project service; among them
// no-floating-promises and no-misused-promises), the plain recommended rules on the build scripts
// (.mjs), and the layer map of docs/dev/architecture.md (import-x's no-restricted-paths, see
// layerZones). Formatting is Prettier's (`npm run format`); no rule here concerns layout.
// @ts-check
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layer map of docs/dev/architecture.md § The layer map, checked: each zone says which files
 * (`target`) must not import which (`from`; paths from the repository root, a folder counts with
 * everything under it, `except` is relative to `from`). import-x resolves each import to its file,
 * so `../features/hover` and `../../features/hover` are caught alike, types included.
 */
const service = 'server/src/service';
const serviceEntry = `${service}/pearlLanguageService.ts`;
/**
 * One zone: files under `target` may not import files under `from` (but those under `except`); the
 * message says which layer the import crossed and points at the map.
 * @param {string} target @param {string | string[]} from @param {string} message @param {string[]} [except]
 */
const zone = (target, from, message, except) => ({
  target,
  from,
  message: `${message} (docs/dev/architecture.md § The layer map)`,
  ...(except && { except }),
});
const featuresNoWalks = zone(`${service}/features`, `${service}/walks`, 'The editor features do not import the walks.');
const clientNoServer = zone('client', 'server', 'The extension talks to the server over the protocol: shared code lives in protocol/.');
const layerZones = [
  zone(
    'protocol',
    ['server', 'client', 'schemas', 'test', 'bench', 'scripts'],
    'protocol/ is shared by every side and imports nothing of the project.',
  ),
  zone(service, 'server/src', 'The language service does not import its hosts.', ['service']),
  zone(service, ['client', 'test', 'bench'], 'The language service does not import the extension, the page or the tests.'),
  zone(`${service}/document`, service, 'document/ (the parse) imports no other folder of the service.', ['document']),
  zone(`${service}/utils`, service, 'utils/ imports no other folder of the service.', ['utils']),
  zone(`${service}/interface`, service, 'interface/ builds on document/ alone (and protocol/, the schemas).', ['interface', 'document']),
  zone(
    `${service}/rules`,
    [`${service}/features`, `${service}/edits`, `${service}/walks`, `${service}/configuration`, serviceEntry],
    'The rules sit below the features, the edits, the walks and the configuration: move what they share down to document/ or interface/.',
  ),
  zone(
    `${service}/features`,
    [`${service}/edits`, serviceEntry],
    'The editor features do not import the graph edits: move what they share down to interface/.',
  ),
  featuresNoWalks,
  zone(
    `${service}/edits`,
    [`${service}/features`, serviceEntry],
    'The graph edits do not import the editor features: move what they share down to interface/.',
  ),
  clientNoServer,
  zone('client/src/graphPreview/webview', 'client', 'The graph page imports protocol/ only.', ['src/graphPreview/webview']),
];

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
    // The layer map (see layerZones), on every TypeScript file of the product.
    files: ['server/src/**/*.ts', 'client/src/**/*.ts', 'protocol/**/*.ts'],
    plugins: { 'import-x': importX },
    // The `types` condition first: `#protocol/*` (package.json "imports") resolves to protocol/'s
    // sources, not to their build in out/.
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.d.ts', '.js', '.json'], conditionNames: ['types', 'require', 'default'] }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: layerZones }] },
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
