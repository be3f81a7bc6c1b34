// The actions every Pearl diagnostic gets after its fixes, as ESLint's editor integration offers
// them (issue 35): "Disable <code> for this line", "Disable <code> for the entire file" (only for a
// code a comment may turn off) and "Show documentation for <code>".
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-types';
import { getLanguageService, showRuleDocumentationCommand } from '../../server/src/service/pearlLanguageService';
import { threeProblemsTextPearl } from '../helpers/fixtures';

const service = getLanguageService();
const uri = 'file:///w/a.pearl.json';
const scriptLine = '"script": "Tell me about {foo}.",';

function parse(text: string): ReturnType<typeof service.parsePearlDocument> {
  return service.parsePearlDocument(TextDocument.create(uri, 'pearl', 1, text));
}

function validate(text: string): Diagnostic[] {
  return service.doValidation(parse(text), { rules: {} });
}

/** The actions offered on the diagnostics of `code` in `text` (as a client sends them back, through JSON). */
function actionsOn(text: string, code: string): { actions: CodeAction[]; diagnostics: Diagnostic[] } {
  const diagnostics = JSON.parse(JSON.stringify(validate(text).filter((d) => d.code === code))) as Diagnostic[];
  assert.ok(diagnostics.length > 0, `no ${code} diagnostic`);
  return { actions: service.getCodeActions(parse(text), diagnostics[0].range, diagnostics), diagnostics };
}

/** The text after the action titled `title`. */
function applyAction(text: string, actions: CodeAction[], title: string): string {
  const action = actions.find((candidate) => candidate.title === title);
  assert.ok(action, `no '${title}' among ${JSON.stringify(actions.map((a) => a.title))}`);
  assert.equal(action.kind, 'quickfix');
  assert.equal(action.isPreferred, undefined, 'never preferred');
  return TextDocument.applyEdits(TextDocument.create(uri, 'pearl', 1, text), action.edit?.changes?.[uri] ?? []);
}

/** The codes reported on `text`, and whether a pearl-disable comment is reported unused. */
function codes(text: string): string[] {
  return validate(text).map((d) => String(d.code));
}

test('a Warning gets its fix, then the disable actions and the documentation, last and not preferred', () => {
  const { actions } = actionsOn(threeProblemsTextPearl, 'variable-undeclared');
  assert.deepEqual(
    actions.map((action) => action.title),
    [
      "Declare variable 'foo' (InCall)",
      'Disable variable-undeclared for this line',
      'Disable variable-undeclared for the entire file',
      'Show documentation for variable-undeclared',
    ],
  );
  assert.ok(actions.slice(1).every((action) => action.kind === 'quickfix' && action.isPreferred === undefined));
});

test('"Disable for this line" writes the comment above the line in its indentation; the diagnostic is gone and the comment is used', () => {
  const { actions } = actionsOn(threeProblemsTextPearl, 'variable-undeclared');
  const after = applyAction(threeProblemsTextPearl, actions, 'Disable variable-undeclared for this line');
  assert.equal(
    after,
    threeProblemsTextPearl.replace(
      `        ${scriptLine}`,
      `        // pearl-disable-next-line variable-undeclared\n        ${scriptLine}`,
    ),
  );
  assert.deepEqual(codes(after).sort(), ['max-length', 'unknown-target']);
});

test('"Disable for the entire file" writes a block comment on the first line; the diagnostic is gone and the comment is used', () => {
  const { actions } = actionsOn(threeProblemsTextPearl, 'variable-undeclared');
  const after = applyAction(threeProblemsTextPearl, actions, 'Disable variable-undeclared for the entire file');
  assert.equal(after, `/* pearl-disable variable-undeclared */\n${threeProblemsTextPearl}`);
  assert.deepEqual(codes(after).sort(), ['max-length', 'unknown-target']);
});

test('a tab-indented CRLF file keeps tabs and CRLF; a byte order mark stays first', () => {
  const crlf = threeProblemsTextPearl.replace(/^( +)/gm, (spaces) => '\t'.repeat(spaces.length / 2)).replace(/\n/g, '\r\n');
  const { actions } = actionsOn(crlf, 'variable-undeclared');
  const line = applyAction(crlf, actions, 'Disable variable-undeclared for this line');
  assert.ok(line.includes(`\r\n\t\t\t\t// pearl-disable-next-line variable-undeclared\r\n\t\t\t\t${scriptLine}\r\n`), JSON.stringify(line));
  assert.deepEqual(codes(line).sort(), ['max-length', 'unknown-target']);
  assert.equal(
    applyAction(crlf, actions, 'Disable variable-undeclared for the entire file'),
    `/* pearl-disable variable-undeclared */\r\n${crlf}`,
  );
  const bom = `\uFEFF${threeProblemsTextPearl}`;
  const file = applyAction(bom, actionsOn(bom, 'variable-undeclared').actions, 'Disable variable-undeclared for the entire file');
  assert.equal(file, `\uFEFF/* pearl-disable variable-undeclared */\n${threeProblemsTextPearl}`);
  assert.deepEqual(codes(file).sort(), ['max-length', 'unknown-target']);
});

test('a pearl-disable-next-line comment above, or a pearl-disable comment at the top, gets the code appended', () => {
  // Two scripts with {foo}: the first one's line is already turned off for another code.
  const text = threeProblemsTextPearl
    .replace('"script": "Hello {first_name}!",', '// pearl-disable-next-line variable-unused -- kept\n        "script": "Hello {foo}!",')
    .replace('{', '/* pearl-disable graph-unreachable */\n{');
  const { actions, diagnostics } = actionsOn(text, 'variable-undeclared');
  assert.equal(diagnostics.length, 2);
  const titles = actions.map((action) => action.title);
  // One line action per line, one file action for both diagnostics.
  assert.deepEqual(
    titles.filter((title) => title.startsWith('Disable')),
    [
      'Disable variable-undeclared for this line',
      'Disable variable-undeclared for this line',
      'Disable variable-undeclared for the entire file',
    ],
  );
  assert.equal(actions.find((a) => a.title.endsWith('entire file'))?.diagnostics?.length, 2);
  const first = actions.find(
    (a) => a.title.endsWith('this line') && a.diagnostics?.[0].range.start.line === diagnostics[0].range.start.line,
  );
  assert.ok(first);
  const line = applyAction(text, [first], first.title);
  assert.ok(
    line.includes('// pearl-disable-next-line variable-unused, variable-undeclared -- kept\n        "script": "Hello {foo}!",'),
    line,
  );
  assert.equal(
    validate(line).filter((d) => d.code === 'variable-undeclared').length,
    1,
    'the first script is turned off, the second still reported',
  );
  const file = applyAction(text, actions, 'Disable variable-undeclared for the entire file');
  assert.ok(file.startsWith('/* pearl-disable graph-unreachable, variable-undeclared */\n{'), file);
  assert.ok(!codes(file).includes('variable-undeclared'));
});

test('a code whose Error means the service would reject the request gets no disable action, only its documentation', () => {
  for (const code of ['max-length', 'unknown-target']) {
    const titles = actionsOn(threeProblemsTextPearl, code).actions.map((action) => action.title);
    assert.ok(!titles.some((title) => title.startsWith('Disable')), `${code}: ${titles.join(', ')}`);
    assert.equal(titles[titles.length - 1], `Show documentation for ${code}`);
  }
});

test('"Show documentation" runs pearl.showRuleDocumentation with the diagnostic\'s docs/rules.md address and edits nothing', () => {
  const { actions, diagnostics } = actionsOn(threeProblemsTextPearl, 'max-length');
  const [action] = actions;
  assert.equal(showRuleDocumentationCommand, 'pearl.showRuleDocumentation');
  assert.deepEqual(action.command, {
    title: 'Show documentation for max-length',
    command: 'pearl.showRuleDocumentation',
    arguments: [diagnostics[0].codeDescription?.href],
  });
  assert.match(String(diagnostics[0].codeDescription?.href), /docs\/rules\.md#max-length$/);
  assert.equal(action.edit, undefined);
});

test('diagnostics of another tool, or of the configuration itself, get none of these actions', () => {
  const { diagnostics } = actionsOn(threeProblemsTextPearl, 'variable-undeclared');
  const foreign = { ...diagnostics[0], source: 'eslint' };
  assert.deepEqual(service.getCodeActions(parse(threeProblemsTextPearl), foreign.range, [foreign]), []);
  const unknown = { ...diagnostics[0], code: 'rule-code-unknown', codeDescription: undefined, data: undefined };
  assert.deepEqual(service.getCodeActions(parse(threeProblemsTextPearl), unknown.range, [unknown]), []);
});
