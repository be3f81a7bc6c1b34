import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DiagnosticCode, diagnosticRules, findRule, ruleModules, rulesDocumentUrl } from '../../server/src/service/rules/diagnosticCodes';
import { headingAnchor, registeredCodes, renderRulesDocument } from '../../server/src/docs/rulesDocument';
import { findExpectComments } from '../helpers/expectComments';
import { examplePearlFiles, exampleText } from '../helpers/fixtures';
import { repositoryRoot } from '../helpers/paths';
import { parse, service } from '../helpers/documents';

// Holds the registry of diagnostic codes, docs/rules.md (its contents table lists every code),
// examples/broken/ and the service to each other.

const read = (file: string): string => fs.readFileSync(path.join(repositoryRoot, file), 'utf8');
const brokenTexts = examplePearlFiles('broken').map((name) => exampleText(`broken/${name}`));

test('every DiagnosticCode has a registry entry and the registry has no other code', () => {
  assert.deepEqual([...registeredCodes()].sort(), Object.values(DiagnosticCode).sort());
});

test('each code is defined by one rule module, under one name, and the registry is the modules in order', () => {
  const names = ruleModules.flatMap((module) => Object.keys(module.rules));
  const codes = ruleModules.flatMap((module) => Object.values(module.rules).map((rule) => rule.code));
  assert.equal(new Set(names).size, names.length, 'a name is defined twice');
  assert.equal(new Set(codes).size, codes.length, 'a code is defined twice');
  assert.deepEqual(registeredCodes(), codes);
  assert.deepEqual(new Set(ruleModules.map((module) => module.name)).size, ruleModules.length);
  for (const code of codes) assert.equal(findRule(code), diagnosticRules[code as DiagnosticCode]);
  for (const unknown of ['constructor', '__proto__', 'toString', 1, undefined]) assert.equal(findRule(unknown), undefined, String(unknown));
});

test('the quick fixes fix-all applies are those the modules mark safe', () => {
  const safe = Object.values(diagnosticRules).flatMap((rule) => (rule.safeFix ? [rule.code] : []));
  assert.deepEqual(safe, ['trailing-comma', 'wrong-type', 'model-type-kind', 'time-zone']);
  for (const rule of Object.values(diagnosticRules)) if (rule.safeFix) assert.ok(rule.fix, `${rule.code} is safe but has no fix`);
});

test('docs/rules.md is what `npm run docs:rules` generates from the registry', () => {
  assert.equal(read('docs/rules.md'), renderRulesDocument(), 'run `npm run docs:rules` and commit docs/rules.md');
});

test('docs/rules.md has a heading per code, so each codeDescription.href lands on its entry', () => {
  const headings = new Set([...read('docs/rules.md').matchAll(/^## (.+)$/gm)].map((match) => headingAnchor(match[1])));
  for (const code of registeredCodes()) assert.ok(headings.has(code), code);
});

test('each code cites a heading that exists in docs/interface.md or docs/rulings.md', () => {
  for (const code of registeredCodes()) {
    const { document, heading } = diagnosticRules[code].section;
    const headings = [...read(`docs/${document}.md`).matchAll(/^#+ (.+)$/gm)].map((match) => match[1]);
    assert.ok(headings.includes(heading), `${code}: docs/${document}.md has no heading '${heading}'`);
  }
});

test('every code has an expect comment in examples/broken/ with its registry severity, and every comment a registered code', () => {
  const comments = brokenTexts.flatMap((text) => findExpectComments(text));
  for (const code of registeredCodes()) {
    assert.ok(
      comments.some((comment) => comment.code === code && comment.severity === diagnosticRules[code].severity),
      `examples/broken/ has no '// expect: ${code}' with the severity of the registry`,
    );
  }
  for (const comment of comments) assert.ok(comment.code in diagnosticRules, `'${comment.code}' is not a registered code`);
});

for (const code of registeredCodes()) {
  test(`${code}: its failing example is reported with its code, severity and documentation link; its passing example is not`, () => {
    const reported = service.doValidation(parse(diagnosticRules[code].examples.fails)).filter((diagnostic) => diagnostic.code === code);
    assert.ok(reported.length > 0, 'the failing example is reported');
    const rule = diagnosticRules[code];
    const severities = [rule.severity, rule.severityOverride?.severity];
    for (const diagnostic of reported) {
      assert.ok(severities.includes(diagnostic.severity), `severity ${diagnostic.severity}`);
      assert.deepEqual(diagnostic.codeDescription, { href: `${rulesDocumentUrl}#${code}` });
    }
    const passing = service.doValidation(parse(diagnosticRules[code].examples.passes)).map((diagnostic) => diagnostic.code);
    assert.ok(!passing.includes(code), 'the passing example is not reported');
  });
}

test('every diagnostic of examples/broken/ has the severity of its registry entry or its override', () => {
  for (const text of brokenTexts) {
    for (const diagnostic of service.doValidation(parse(text))) {
      const rule = diagnosticRules[diagnostic.code as DiagnosticCode];
      assert.ok(rule, `unregistered code ${diagnostic.code}`);
      assert.ok(
        [rule.severity, rule.severityOverride?.severity].includes(diagnostic.severity),
        `${diagnostic.code}: ${diagnostic.message}`,
      );
    }
  }
});
