// Writes schemas/pearlrc.schema.json, the schema of `.pearlrc.json` files, with the rule codes as an
// enum taken from the registry of diagnostic codes (compiled: run after `tsc -b`). A unit test
// (test/unit/ruleConfigurationFile.test.ts) fails when the file and the registry disagree.
//   npx tsc -b && node scripts/pearlrcSchema.mjs
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { diagnosticRules } = require(resolve(root, 'out/server/src/service/rules/diagnosticCodes.js'));

const severityNames = { 1: 'error', 2: 'warning', 3: 'info', 4: 'hint' };

const severityValues = ['off', 'hint', 'info', 'warning', 'error'];
const severityDescriptions = {
  off: 'Not reported.',
  hint: 'Reported as a hint (in VS Code, dots under the text; not in the Problems panel).',
  info: 'Reported as information.',
  warning: 'Reported as a warning.',
  error: 'Reported as an error (pearl-lint exits with 1).',
};

/**
 * The schema of one code's entry: its summary, default severity and docs/rules.md entry, and the
 * severities it takes (only "error" for a code whose Error means the service would reject the
 * request). VS Code's JSON support shows these in completion and hover of .pearlrc.json.
 */
function codeEntry(rule, index) {
  const byDefault = severityNames[rule.severity] ?? 'error';
  const locked = byDefault === 'error';
  const values = locked ? ['error'] : severityValues;
  const change = locked
    ? 'Cannot be turned off or lowered: its Error means the Pearl Agent Service would reject the request.'
    : 'May be set to "off", "hint", "info", "warning" or "error".';
  return {
    markdownDescription: `${rule.summary}\n\nDefault: **${byDefault}**. ${change} [docs/rules.md](${rule.href})`,
    completionDetail: `${byDefault.charAt(0).toUpperCase()}${byDefault.slice(1)} by default`,
    suggestSortText: String(index).padStart(4, '0'),
    type: 'string',
    enum: values,
    markdownEnumDescriptions: values.map((value) =>
      value === byDefault ? `${severityDescriptions[value]} The default.` : severityDescriptions[value],
    ),
  };
}

/** The schema object for the registry's rules (`diagnosticRules` of diagnosticCodes.ts), in the registry's order. */
export function buildPearlrcSchema(rulesByCode) {
  const codes = Object.keys(rulesByCode);
  const rules = {
    description:
      'Severity by diagnostic code (docs/rules.md lists them), for example { "variable-undeclared": "off", "graph-no-incoming": "error" }. A code whose Error means the Pearl Agent Service would reject the request cannot be turned off or lowered.',
    type: 'object',
    properties: Object.fromEntries(codes.map((code, index) => [code, codeEntry(rulesByCode[code], index)])),
    propertyNames: { enum: codes },
    additionalProperties: { $ref: '#/definitions/severity' },
  };
  const globs = {
    anyOf: [
      { type: 'string', minLength: 1 },
      { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
    ],
  };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://raw.githubusercontent.com/pearl-tools/pearl-language-tools/main/schemas/pearlrc.schema.json',
    title: 'Pearl rule configuration (.pearlrc.json)',
    description:
      'The severity of Pearl diagnostic codes for the *.pearl.json files in this folder and below: the nearest .pearlrc.json upward from a file applies (pearl-lint --config chooses another). What it extends applies first, then its rules, then its overrides that match the file. A code whose Error means the Pearl Agent Service would reject the request cannot be turned off or lowered.',
    type: 'object',
    properties: {
      $schema: { description: 'The schema of this file.', type: 'string' },
      extends: {
        description:
          'Configurations applied before this file\'s rules, in order: a preset ("pearl:recommended", "pearl:strict"), a path relative to this file ("./base.pearlrc.json") or a package\'s file ("some-package/pearlrc.json", looked for in node_modules upward).',
        anyOf: [{ $ref: '#/definitions/extendsEntry' }, { type: 'array', items: { $ref: '#/definitions/extendsEntry' } }],
      },
      rules: { $ref: '#/definitions/rules' },
      overrides: {
        description: "Rules for some files only, applied after this file's rules, in order.",
        type: 'array',
        items: {
          type: 'object',
          properties: {
            files: {
              description:
                "Globs of the files this entry applies to, relative to this file's folder; a glob without / matches a file's name.",
              ...globs,
            },
            excludedFiles: { description: 'Globs of files left out, as files.', ...globs },
            rules: { $ref: '#/definitions/rules' },
          },
          required: ['files'],
          additionalProperties: false,
        },
      },
    },
    additionalProperties: false,
    definitions: {
      rules,
      extendsEntry: {
        type: 'string',
        minLength: 1,
        anyOf: [{ enum: ['pearl:recommended', 'pearl:strict'] }, { pattern: '^(?!pearl:)' }],
      },
      severity: {
        description: '"off" drops the code\'s diagnostics; the others set their severity.',
        type: 'string',
        enum: ['off', 'hint', 'info', 'warning', 'error'],
        markdownEnumDescriptions: severityValues.map((value) => severityDescriptions[value]),
      },
    },
  };
}

writeFileSync(resolve(root, 'schemas/pearlrc.schema.json'), `${JSON.stringify(buildPearlrcSchema(diagnosticRules), null, 2)}\n`);
