import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { before, describe, it } from 'mocha';
import { parse } from 'jsonc-parser';
import * as vscode from 'vscode';
import { exampleUri, pearlExtension } from './helpers';
import { cursor } from '../../helpers/text';

interface ExamplePearl {
  pearl: { nodes: { nodeId?: string; name?: string; transitions?: { toNodeId?: string }[] }[] };
  variables: { id: string }[];
}

const exampleFile = 'clinic-reminders.pearl.json';

/**
 * Opens an untitled `pearl` document with `contentWithCursor` (the `|` removed) and asks VS Code
 * for the completion items at the `|`, as typing `trigger` would.
 */
async function completeAt(
  contentWithCursor: string,
  trigger?: string,
  resolveCount?: number,
): Promise<{ document: vscode.TextDocument; position: vscode.Position; items: vscode.CompletionItem[] }> {
  const { text: content, offset } = cursor(contentWithCursor);
  const document = await vscode.workspace.openTextDocument({ language: 'pearl', content });
  const position = document.positionAt(offset);
  const list = await vscode.commands.executeCommand<vscode.CompletionList>(
    'vscode.executeCompletionItemProvider',
    document.uri,
    position,
    trigger,
    resolveCount,
  );
  return { document, position, items: list.items };
}

/** The document's text after applying `item` as accepting it in the editor would. */
async function accept(document: vscode.TextDocument, item: vscode.CompletionItem): Promise<string> {
  const range = item.range instanceof vscode.Range ? item.range : item.range?.replacing;
  assert.ok(range, `completion item ${JSON.stringify(item.label)} has no range`);
  const text =
    typeof item.insertText === 'string'
      ? item.insertText
      : (item.insertText?.value ?? (typeof item.label === 'string' ? item.label : item.label.label));
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, range, text);
  assert.ok(await vscode.workspace.applyEdit(edit));
  return document.getText();
}

function labelOf(item: vscode.CompletionItem): string {
  return typeof item.label === 'string' ? item.label : item.label.label;
}

describe('completion in the editor', () => {
  // Run alone (`--grep`), the first request would go out before the extension has registered its
  // providers, and get an empty list: activate() resolves once the language server has answered.
  before(async () => {
    await pearlExtension().activate();
  });

  const text = fs.readFileSync(exampleUri(exampleFile).fsPath, 'utf8');
  const example = parse(text) as ExamplePearl;
  const script = 'No problem. Which day would suit you better, and do you prefer the morning or the afternoon?';

  it(`after { in a script: every declared variable (${exampleFile})`, async () => {
    assert.ok(text.includes(`"${script}"`), 'the example changed: pick another script');
    const { document, items } = await completeAt(text.replace(`"${script}"`, `"${script} {|"`), '{');
    assert.deepEqual(items.map(labelOf).sort(), [...new Set(example.variables.map((variable) => variable.id))].sort());
    const item = items.find((candidate) => labelOf(candidate) === 'appointment_date');
    assert.ok(item, 'appointment_date not offered');
    assert.equal(item.kind, vscode.CompletionItemKind.Variable);
    assert.ok((await accept(document, item)).includes(`"${script} {appointment_date}"`), 'accepting does not write {appointment_date}');
  });

  it(`inside a toNodeId: the node ids of the document (${exampleFile})`, async () => {
    const transition = '"toNodeId": "answer_question"';
    assert.ok(text.includes(transition), 'the example changed: pick another transition');
    const { document, items } = await completeAt(text.replace(transition, '"toNodeId": "|"'), '"');
    const nodeIds = example.pearl.nodes.flatMap((node) => (node.nodeId !== undefined ? [node.nodeId] : []));
    assert.deepEqual(items.map(labelOf).sort(), [...new Set(nodeIds)].sort());
    const item = items.find((candidate) => labelOf(candidate) === 'front_desk_handoff');
    assert.ok(item, 'front_desk_handoff not offered');
    assert.ok((await accept(document, item)).includes('"toNodeId": "front_desk_handoff"'));
  });

  it(`inside a toNodeId: each node's type and name come with the item VS Code resolves (${exampleFile})`, async () => {
    // The list leaves each item's detail to completionItem/resolve, which VS Code asks for the
    // item it shows; resolving them all must give every item its node's name.
    const transition = '"toNodeId": "answer_question"';
    const { items } = await completeAt(text.replace(transition, '"toNodeId": "|"'), '"', 1000);
    for (const node of example.pearl.nodes) {
      if (node.nodeId === undefined || node.name === undefined) continue;
      const item = items.find((candidate) => labelOf(candidate) === node.nodeId);
      assert.ok(item?.detail?.endsWith(` · ${node.name}`), `${node.nodeId}: ${JSON.stringify(item?.detail)}`);
    }
  });
});
