// Rules the user tunes (docs/rulings.md § Configuration): severities by code from a setting, a
// `.pearlrc.json` found upward or `--rule`, and `pearl-disable` comments; codes the service would
// reject can be neither turned off nor lowered, and Deploy still refuses them.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import {
  checkRuleEntries,
  getEffectiveRules,
  getLanguageService,
  RuleConfigurationCode,
  ruleSeverityNames,
  type RuleConfiguration,
} from '../../server/src/service/pearlLanguageService';
import { getParentFolders, parseRuleConfigurationFile } from '../../server/src/service/configuration/ruleConfigurationFile';
import { threeProblemsTextPearl } from '../helpers/fixtures';
import { repositoryRoot } from '../helpers/lspClient';
import { rangeOf } from '../helpers/text';

const Error = 1;
const Warning = 2;
const Information = 3;
const uri = 'file:///work/flows/sales/a.pearl.json';
const service = getLanguageService();

function validate(text: string, configuration?: RuleConfiguration): Diagnostic[] {
  return service.doValidation(service.parsePearlDocument(TextDocument.create(uri, 'pearl', 1, text)), configuration);
}

function summary(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => `${String(d.code)}:${d.severity}`).sort();
}

// The fixture: max-length and unknown-target (Errors: the service would reject), variable-undeclared (Warning).
const defaults = ['max-length:1', 'unknown-target:1', 'variable-undeclared:2'];

/** The fixture with `comment` on its own line before the line holding `before`. */
function withComment(before: string, comment: string): string {
  const offset = threeProblemsTextPearl.indexOf(before);
  const lineStart = threeProblemsTextPearl.lastIndexOf('\n', offset) + 1;
  return `${threeProblemsTextPearl.slice(0, lineStart)}${comment}\n${threeProblemsTextPearl.slice(lineStart)}`;
}

test('without a configuration every diagnostic keeps its default severity; an empty one changes nothing', () => {
  assert.deepEqual(summary(validate(threeProblemsTextPearl)), defaults);
  assert.deepEqual(summary(validate(threeProblemsTextPearl, { rules: {} })), defaults);
});

test('a Warning code can be turned off, lowered or raised', () => {
  assert.deepEqual(summary(validate(threeProblemsTextPearl, { rules: { 'variable-undeclared': 'off' } })), [
    'max-length:1',
    'unknown-target:1',
  ]);
  assert.deepEqual(summary(validate(threeProblemsTextPearl, { rules: { 'variable-undeclared': 'info' } })), [
    'max-length:1',
    'unknown-target:1',
    `variable-undeclared:${Information}`,
  ]);
  assert.deepEqual(summary(validate(threeProblemsTextPearl, { rules: { 'variable-undeclared': 'error' } })), [
    'max-length:1',
    'unknown-target:1',
    `variable-undeclared:${Error}`,
  ]);
});

test('a code the service would reject is neither turned off nor lowered, even when given to doValidation unchecked', () => {
  assert.deepEqual(summary(validate(threeProblemsTextPearl, { rules: { 'max-length': 'off', 'unknown-target': 'warning' } })), defaults);
});

test('duplicate-key is a Warning (what is sent holds one value), so a user may turn it off or raise it; syntax stays untunable', () => {
  const text = threeProblemsTextPearl.replace('"name": "Three problems"', '"name": "Three problems",\n  "name": "Three problems again"');
  assert.deepEqual(summary(validate(text)), [...defaults, `duplicate-key:${Warning}`].sort());
  assert.deepEqual(summary(validate(text, { rules: { 'duplicate-key': 'off' } })), defaults);
  assert.deepEqual(summary(validate(text, { rules: { 'duplicate-key': 'error' } })), [...defaults, `duplicate-key:${Error}`].sort());
  const { rules, problems } = checkRuleEntries([
    ['duplicate-key', 'off'],
    ['syntax', 'warning'],
  ]);
  assert.deepEqual(rules, { 'duplicate-key': 'off' });
  assert.deepEqual(
    problems.map((p) => [p.code, p.kind]),
    [['syntax', RuleConfigurationCode.notConfigurable]],
  );
  assert.equal(getEffectiveRules({ rules: { 'duplicate-key': 'off' } })['duplicate-key'], 'off');
});

test('checkRuleEntries: unknown codes (with a suggestion), invalid severities and refusals are problems; error on a rejected code is accepted', () => {
  const { rules, problems } = checkRuleEntries([
    ['variable-undeclared', 'off'],
    ['variabel-undeclared', 'off'],
    ['graph-no-incoming', 'loud'],
    ['max-length', 'off'],
    ['unknown-target', 'warning'],
    ['syntax', 'error'],
  ]);
  assert.deepEqual(rules, { 'variable-undeclared': 'off', syntax: 'error' });
  assert.deepEqual(
    problems.map((p) => [p.code, p.kind, p.inSeverity]),
    [
      ['variabel-undeclared', RuleConfigurationCode.unknownCode, false],
      ['graph-no-incoming', RuleConfigurationCode.invalidSeverity, true],
      ['max-length', RuleConfigurationCode.notConfigurable, true],
      ['unknown-target', RuleConfigurationCode.notConfigurable, true],
    ],
  );
  assert.match(problems[0].message, /Did you mean "variable-undeclared"\?/);
  assert.match(problems[1].message, /"loud" is not a severity for "graph-no-incoming"/);
  assert.equal(
    problems[2].message,
    '"max-length" cannot be turned off: its Error means the Pearl Agent Service would reject the request, so it is still reported.',
  );
  assert.match(problems[3].message, /"unknown-target" cannot be lowered to warning/);
});

test('// pearl-disable-next-line turns the named codes off on the next line only', () => {
  const text = withComment(
    '"script": "Tell me about {foo}."',
    '        // pearl-disable-next-line variable-undeclared -- collected by the platform',
  );
  assert.deepEqual(summary(validate(text, { rules: {} })), ['max-length:1', 'unknown-target:1']);
  // Without a configuration (what Deploy checks), the comment changes nothing.
  assert.deepEqual(summary(validate(text)), defaults);
  // Two lines above, it does not reach the diagnostic.
  const far = withComment('"nodeType": 10,', '        // pearl-disable-next-line variable-undeclared');
  // The comment turns off nothing: a Hint says so (inlineDirectives.test.ts).
  const unused = `${RuleConfigurationCode.unusedDirective}:4`;
  assert.deepEqual(summary(validate(far, { rules: {} })), [...defaults, unused].sort());
});

test('a comment naming a code the service would reject or an unknown code gets a Warning on that code; the diagnostic stays', () => {
  const text = withComment('"agentPersonality"', '    /* pearl-disable-next-line max-length, nope */');
  const diagnostics = validate(text, { rules: {} });
  assert.deepEqual(summary(diagnostics), [
    ...defaults.slice(0, 1),
    `${RuleConfigurationCode.unknownCode}:${Warning}`,
    `${RuleConfigurationCode.notConfigurable}:${Warning}`,
    ...defaults.slice(1),
  ]);
  const refusal = diagnostics.find((d) => d.code === RuleConfigurationCode.notConfigurable);
  assert.deepEqual(refusal?.range, rangeOf(text, 'max-length, nope'.slice(0, 'max-length'.length)));
  assert.match(refusal?.message ?? '', /"max-length" cannot be turned off/);
  assert.deepEqual(diagnostics.find((d) => d.code === RuleConfigurationCode.unknownCode)?.range, rangeOf(text, 'nope'));
});

test('/* pearl-disable */ … /* pearl-enable */ turns codes off between the comments; a bare disable names no code', () => {
  const open = withComment('"nodeId": "talk"', '      /* pearl-disable variable-undeclared */');
  const closed = open.replace('"variables": [', '/* pearl-enable variable-undeclared */ "variables": [');
  assert.deepEqual(summary(validate(closed, { rules: {} })), ['max-length:1', 'unknown-target:1']);
  // Enabled again before the reference: reported.
  const early = open.replace('"script": "Tell me about', '/* pearl-enable */ "script": "Tell me about');
  assert.deepEqual(summary(validate(early, { rules: {} })), [...defaults, `${RuleConfigurationCode.unusedDirective}:4`].sort());
  // Without an enable, to the end of the file.
  assert.deepEqual(summary(validate(open, { rules: {} })), ['max-length:1', 'unknown-target:1']);
  const bare = withComment('"nodeId": "talk"', '      // pearl-disable');
  const problem = validate(bare, { rules: {} }).find((d) => d.code === RuleConfigurationCode.missingCodes);
  assert.deepEqual(problem?.range, rangeOf(bare, '// pearl-disable'));
});

test('.pearlrc.json: problems on the key (unknown code) or the value (severity, refusal); invalid JSON or rules applies nothing', () => {
  const text = `{
  // comments are allowed
  "rules": { "variable-undeclared": "off", "nope": "off", "trailing-comma": "loud", "max-length": "warning" },
}`;
  const file = parseRuleConfigurationFile('file:///work/.pearlrc.json', text);
  assert.deepEqual(file.configuration, { rules: { 'variable-undeclared': 'off' } });
  assert.deepEqual(
    file.diagnostics.map((d) => [d.code, d.severity, d.range]),
    [
      [RuleConfigurationCode.unknownCode, Warning, rangeOf(text, '"nope"')],
      [RuleConfigurationCode.invalidSeverity, Warning, rangeOf(text, '"loud"')],
      [RuleConfigurationCode.notConfigurable, Warning, rangeOf(text, '"warning"')],
    ],
  );
  const broken = parseRuleConfigurationFile('file:///work/.pearlrc.json', '{ "rules": { "variable-undeclared": "off" ');
  assert.deepEqual(broken.configuration, { rules: {} });
  assert.deepEqual(
    broken.diagnostics.map((d) => d.code),
    [RuleConfigurationCode.invalidFile],
  );
  const notObject = parseRuleConfigurationFile('file:///work/.pearlrc.json', '{ "rules": ["off"] }');
  assert.deepEqual(
    notObject.diagnostics.map((d) => [d.code, d.range]),
    [[RuleConfigurationCode.invalidFile, rangeOf('{ "rules": ["off"] }', '["off"]')]],
  );
});

test('the nearest .pearlrc.json upward applies, read through the injected reader; host rules go on top', () => {
  assert.deepEqual(getParentFolders(uri), ['file:///work/flows/sales/', 'file:///work/flows/', 'file:///work/', 'file:///']);
  assert.deepEqual(getParentFolders('untitled:Untitled-1'), []);
  const files = new Map([
    ['file:///work/.pearlrc.json', '{ "rules": { "variable-undeclared": "off", "graph-no-incoming": "error" } }'],
    ['file:///work/flows/.pearlrc.json', '{ "rules": { "variable-undeclared": "info" } }'],
  ]);
  const read: string[] = [];
  const withFiles = getLanguageService({
    readConfigurationFile: (fileUri) => {
      read.push(fileUri);
      return files.get(fileUri);
    },
  });
  const resolved = withFiles.getRuleConfiguration(uri);
  assert.deepEqual(read, ['file:///work/flows/sales/.pearlrc.json', 'file:///work/flows/.pearlrc.json']);
  assert.equal(resolved.file?.uri, 'file:///work/flows/.pearlrc.json');
  assert.deepEqual(resolved.configuration, { rules: { 'variable-undeclared': 'info' } });
  const withHost = withFiles.getRuleConfiguration(uri, { rules: { 'variable-undeclared': 'off' } });
  assert.deepEqual(withHost.configuration, { rules: { 'variable-undeclared': 'off' } });
  // No reader: no file.
  assert.deepEqual(service.getRuleConfiguration(uri), { configuration: { rules: {} }, file: undefined, files: [] });
});

test('getEffectiveRules: every registered code with its severity in effect; a rejected code always shows error', () => {
  const effective = getEffectiveRules({ rules: { 'variable-undeclared': 'off', 'max-length': 'off' } });
  assert.equal(effective['variable-undeclared'], 'off');
  assert.equal(effective['max-length'], 'error');
  assert.equal(effective['trailing-comma'], 'warning');
  assert.equal(effective['kind-unknown'], 'info');
  assert.ok(Object.keys(effective).length > 50);
});

test('Deploy refuses what the service would reject whatever the configuration: its payload reads the default severities', () => {
  const text = withComment('"agentPersonality"', '    // pearl-disable-next-line max-length');
  const doc = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 1, text));
  const configured = service.doValidation(doc, {
    rules: { 'max-length': 'off', 'unknown-target': 'hint', 'variable-undeclared': 'error' },
  });
  assert.deepEqual(
    configured.filter((d) => d.severity === Error).map((d) => d.code),
    ['max-length', 'unknown-target', 'variable-undeclared'],
  );
  // The server passes the diagnostics without configuration to getDeployPayload (see ruleSettings.ts).
  const payload = service.getDeployPayload(doc, service.doValidation(doc));
  assert.deepEqual(payload.errors.map((d) => d.code).sort(), ['max-length', 'unknown-target']);
});

test('package.json contributes pearl.rules and the .pearlrc.json schema; both take exactly the five severities', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8')) as {
    contributes: {
      configuration: { properties: Record<string, { additionalProperties: { enum: string[] }; markdownDescription: string }> };
      jsonValidation: { fileMatch: string; url: string }[];
      languages: { id: string; filenames?: string[] }[];
    };
  };
  const setting = manifest.contributes.configuration.properties['pearl.rules'];
  assert.deepEqual(setting.additionalProperties.enum, [...ruleSeverityNames]);
  assert.match(setting.markdownDescription, /cannot be turned off or lowered/);
  const validation = manifest.contributes.jsonValidation.find((entry) => entry.fileMatch === '.pearlrc.json');
  assert.ok(validation);
  const schema = JSON.parse(fs.readFileSync(path.join(repositoryRoot, validation.url), 'utf8')) as {
    definitions: { severity: { enum: string[] } };
  };
  assert.deepEqual(schema.definitions.severity.enum, [...ruleSeverityNames]);
  assert.ok(manifest.contributes.languages.some((language) => language.id === 'jsonc' && language.filenames?.includes('.pearlrc.json')));
});
