import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { describe, it } from 'mocha';
import * as vscode from 'vscode';
import { exampleUri, openInEditor, waitFor } from './helpers';

const exampleFile = 'clinic-reminders.pearl.json';

describe('editor basics in the editor', () => {
  it(`folds each node of ${exampleFile} from its { to the line before its }`, async () => {
    const uri = exampleUri(exampleFile);
    const text = fs.readFileSync(uri.fsPath, 'utf8');
    const document = await openInEditor(uri);
    const nodeIdLine = document.positionAt(text.indexOf('"nodeId": "lookup_appointment"')).line;
    const ranges = await waitFor('folding ranges from the Pearl server', async () => {
      const found = await vscode.commands.executeCommand<vscode.FoldingRange[]>('vscode.executeFoldingRangeProvider', uri);
      return found && found.some((range) => range.start === nodeIdLine - 1) ? found : undefined;
    });
    const node = ranges.find((range) => range.start === nodeIdLine - 1)!;
    assert.equal(document.lineAt(node.start).text.trim(), '{');
    assert.match(document.lineAt(node.end + 1).text, /^\s*\},?$/);
  });

  it('"Fix all safe Pearl problems" (source.fixAll.pearl) fixes a wrong type and a trailing comma', async () => {
    const content = '{\n  "name": "Fix me",\n  "pearl": { "memory": "yes", "nodes": [], },\n  "inbound": { "textChannelId": "c" }\n}\n';
    const document = await vscode.workspace.openTextDocument({ language: 'pearl', content });
    const whole = new vscode.Range(document.positionAt(0), document.positionAt(content.length));
    const actions = await waitFor('the fix-all action', async () => {
      const found = await vscode.commands.executeCommand<vscode.CodeAction[]>(
        'vscode.executeCodeActionProvider',
        document.uri,
        whole,
        'source.fixAll.pearl',
      );
      return found && found.length > 0 ? found : undefined;
    });
    assert.deepEqual(
      actions.map((action) => action.title),
      ['Fix all safe Pearl problems'],
    );
    assert.ok(actions[0].edit && (await vscode.workspace.applyEdit(actions[0].edit)));
    assert.equal(
      document.getText(),
      '{\n  "name": "Fix me",\n  "pearl": { "memory": true, "nodes": [] },\n  "inbound": { "textChannelId": "c" }\n}\n',
    );
  });
});
