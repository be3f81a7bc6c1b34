// pearl-disable comments (issue 35): `// pearl-disable-line <code>`, comments that turn off nothing
// (a Hint with the Unnecessary tag in the editor, with a quick fix that removes them; reported by
// pearl-lint with --report-unused-disable-directives[-severity]), and unknown codes (a Warning).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { type Diagnostic, DiagnosticTag } from 'vscode-languageserver-types';
import { getLanguageService, type RuleConfiguration } from '../../server/src/service/pearlLanguageService';
import { runPearlLint } from '../../server/src/cli/pearlLint';
import { threeProblemsTextPearl } from '../helpers/fixtures';

const service = getLanguageService();
const uri = 'file:///w/a.pearl.json';
// The fixture reports variable-undeclared on this line (and max-length, unknown-target elsewhere).
const scriptLine = '"script": "Tell me about {foo}.",';

function validate(text: string, configuration: RuleConfiguration = { rules: {} }): { text: string; diagnostics: Diagnostic[] } {
  const doc = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 1, text));
  return { text, diagnostics: service.doValidation(doc, configuration) };
}

/** `code severity "text under the range"` of each diagnostic. */
function shown({ text, diagnostics }: { text: string; diagnostics: Diagnostic[] }): string[] {
  const doc = TextDocument.create(uri, 'pearl', 1, text);
  return diagnostics.map((d) => `${String(d.code)} ${d.severity} "${text.slice(doc.offsetAt(d.range.start), doc.offsetAt(d.range.end))}"`);
}

test('// pearl-disable-line turns the named codes off on its own line only', () => {
  const text = threeProblemsTextPearl.replace(scriptLine, `${scriptLine} // pearl-disable-line variable-undeclared -- platform variable`);
  assert.deepEqual(
    shown(validate(text)).filter((line) => !line.startsWith('rule-')),
    ['max-length 1 ""Warm, patient and precise, never too long""', 'unknown-target 1 ""nowhere""'],
  );
  const above = threeProblemsTextPearl.replace(scriptLine, `// pearl-disable-line variable-undeclared\n        ${scriptLine}`);
  assert.ok(shown(validate(above)).some((line) => line.startsWith('variable-undeclared 2')));
});

test('a comment naming an unknown code is a Warning on that code; a known code in it still applies', () => {
  const text = threeProblemsTextPearl.replace(scriptLine, `${scriptLine} // pearl-disable-line variable-undeclard, variable-undeclared`);
  const lines = shown(validate(text));
  assert.ok(lines.includes('rule-code-unknown 2 "variable-undeclard"'), lines.join('\n'));
  assert.ok(!lines.some((line) => line.startsWith('variable-undeclared')));
});

test('a comment that turns off nothing is a Hint with the Unnecessary tag on it; its quick fix removes its line', () => {
  const text = threeProblemsTextPearl.replace('"nodeType": 2,', '// pearl-disable-next-line variable-undeclared\n        "nodeType": 2,');
  const result = validate(text);
  const unused = result.diagnostics.filter((d) => d.code === 'rule-directive-unused');
  assert.deepEqual(shown({ text, diagnostics: unused }), ['rule-directive-unused 4 "// pearl-disable-next-line variable-undeclared"']);
  assert.deepEqual(unused[0].tags, [DiagnosticTag.Unnecessary]);
  assert.equal(
    unused[0].message,
    'This pearl-disable-next-line comment turns off nothing: no variable-undeclared diagnostic is reported on the next line.',
  );
  const doc = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 1, text));
  const [action] = service.getCodeActions(doc, unused[0].range, unused);
  assert.equal(action.title, 'Remove the unused pearl-disable comment');
  assert.equal(action.isPreferred, true);
  assert.equal(TextDocument.applyEdits(doc.textDocument, action.edit?.changes?.[uri] ?? []), threeProblemsTextPearl);
});

test('one unused code of a comment that turns off another: the Hint is on that code, and the fix removes it with its comma', () => {
  const text = threeProblemsTextPearl.replace(scriptLine, `${scriptLine} // pearl-disable-line graph-unreachable, variable-undeclared`);
  const result = validate(text);
  const unused = result.diagnostics.filter((d) => d.code === 'rule-directive-unused');
  assert.deepEqual(shown({ text, diagnostics: unused }), ['rule-directive-unused 4 "graph-unreachable"']);
  const doc = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 1, text));
  const [action] = service.getCodeActions(doc, unused[0].range, unused);
  assert.equal(action.title, 'Remove the code from the pearl-disable comment');
  const fixed = TextDocument.applyEdits(doc.textDocument, action.edit?.changes?.[uri] ?? []);
  assert.ok(fixed.includes(`${scriptLine} // pearl-disable-line variable-undeclared\n`), fixed);
  assert.deepEqual(
    validate(fixed).diagnostics.filter((d) => d.code === 'rule-directive-unused'),
    [],
  );
  // A stale diagnostic (the text changed there) gets no fix.
  assert.deepEqual(
    service.getCodeActions(service.parsePearlDocument(TextDocument.create(uri, 'pearl', 2, fixed)), unused[0].range, unused),
    [],
  );
});

async function lint(args: string[], stdin: string): Promise<{ code: number; stdout: string }> {
  let stdout = '';
  const code = await runPearlLint(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: () => undefined },
    cwd: '/',
    stdin: (async function* () {
      yield stdin;
    })(),
  });
  return { code, stdout };
}

test('pearl-lint: unused comments are not reported by default; --report-unused-disable-directives makes them errors; -severity sets it', async () => {
  // Only the Warning remains, turned off, and an unused comment.
  const text = threeProblemsTextPearl
    .replace('"agentPersonality": "Warm, patient and precise, never too long"', '"agentPersonality": "Warm"')
    .replace('"nowhere"', '"end"')
    .replace(scriptLine, `${scriptLine} // pearl-disable-line variable-undeclared`)
    .replace('"nodeType": 2,', '"nodeType": 2, // pearl-disable-line graph-unreachable');
  const codes = (stdout: string): string[] =>
    stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(' ').slice(1, 3).join(' '));
  assert.deepEqual(await lint(['-'], text), { code: 0, stdout: '' });
  const errors = await lint(['--report-unused-disable-directives', '-'], text);
  assert.deepEqual([errors.code, codes(errors.stdout)], [1, ['error rule-directive-unused']]);
  const warnings = await lint(['--report-unused-disable-directives-severity', 'warn', '-'], text);
  assert.deepEqual([warnings.code, codes(warnings.stdout)], [0, ['warning rule-directive-unused']]);
  assert.equal((await lint(['--report-unused-disable-directives-severity', 'warning', '-'], text)).code, 2);
});
