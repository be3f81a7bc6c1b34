import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { RunFolder } from './runFolder';
import { pollUntil, stepTimeoutMs, type Workbench } from './workbench';

/** The name typed for the blank Pearl's file (`.pearl.json` is added by the command). */
const blankFileName = 'ui-blank';
/** VS Code's own status bar item for the editor's indentation ("Spaces: 2", "Tab Size: 4"). */
const indentationItemId = 'status.editor.indentation';

/** What the writing checks need: the workbench, the run folder, a screenshot function. */
export interface WritingChecks {
  readonly workbench: Workbench;
  readonly run: RunFolder;
  readonly shot: (name: string) => Promise<void>;
}

/**
 * UI check of writing a Pearl from a blank start (issue 19, items 1, 2 and 4): "Pearl: New Pearl…"
 * → "Text (blank)" → Save writes `ui-blank.pearl.json`; the status bar says "Spaces: 2"; a Dialogue
 * node snippet typed after the last node is indented by 2 spaces (its members 8 spaces deep, every
 * line a multiple of 2 spaces, no tab) and the status bar still says "Spaces: 2"; the template's
 * placeholders show in the Problems panel as Warnings (`template-placeholder`), and "Pearl: Deploy"
 * refuses, naming `inbound.textChannelId`. Screenshots `writing-blank-saved`,
 * `writing-snippet-inserted`, `writing-placeholder-problems`, `writing-deploy-refused`.
 */
export async function checkBlankPearlWriting({ workbench, run, shot }: WritingChecks): Promise<void> {
  const page = workbench.page;
  const fileName = `${blankFileName}.pearl.json`;
  const file = path.join(run.workspace, fileName);
  await workbench.runCommand('View: Close All Editors');
  await pollUntil('every editor to close', async () => (await page.locator('.tabs-container .tab').count()) === 0);

  await workbench.runCommand('Pearl: New Pearl…');
  const pick = page.locator('.quick-input-widget input.input[placeholder="Choose what the new Pearl starts from"]');
  await pick.waitFor({ state: 'visible', timeout: stepTimeoutMs });
  await pick.fill('Text (blank)');
  await page.locator('.quick-input-list .monaco-list-row.focused[aria-label^="Text (blank)"]').waitFor({ timeout: stepTimeoutMs });
  await page.keyboard.press('Enter');
  const nameBox = await workbench.quickInput();
  await nameBox.fill(blankFileName);
  await page.keyboard.press('Enter');
  await workbench.editorTab(fileName).waitFor({ timeout: stepTimeoutMs });
  await page.locator('.editor-group-container.active .monaco-editor .view-line', { hasText: '"textChannelId"' }).first().waitFor();
  // Leave the snippet's tab stops as they are (the placeholders stay to be reported), then save.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+S');
  // Save creates the file, then writes it: wait for the whole text.
  const saved = await pollUntil('Save to write the new file', () => {
    const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    return text.includes('"textChannelId"') ? text : undefined;
  });
  assert.match(saved, /\n {2}"name": "New text Pearl",\n/, 'the saved file is not the blank template indented by 2 spaces');
  await waitForIndentation(workbench, 'Spaces: 2', 'after Save');
  await shot('writing-blank-saved');

  // A node snippet after the last node: Enter, `Dia`, the Dialogue item.
  const last = lastNodeEnd(saved);
  await page.keyboard.press('Control+G');
  await (await workbench.quickInput()).fill(`:${last.line}:${last.column}`);
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  await page.keyboard.press('Enter');
  await page.keyboard.type('Dia');
  const row = page.locator('.suggest-widget.visible .monaco-list-row', { hasText: 'Dialogue' }).first();
  await row.waitFor({ timeout: 15_000 });
  await row.click();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+S');
  const withNode = await pollUntil('the file to be saved with the new node', () => {
    const text = fs.readFileSync(file, 'utf8');
    return text.includes('"nodeId": "dialogue"') ? text : undefined;
  });
  const badLines = withNode.split('\n').filter((line) => {
    const leading = /^[ \t]*/.exec(line)?.[0] ?? '';
    return leading.includes('\t') || leading.length % 2 === 1;
  });
  assert.deepEqual(badLines, [], 'lines not indented by a multiple of 2 spaces');
  assert.match(
    withNode,
    /\n {6}\{\n {8}"nodeId": "dialogue",\n {8}"name": "Dialogue",/,
    `the new node is not indented by 2 spaces:\n${withNode}`,
  );
  await waitForIndentation(workbench, 'Spaces: 2', 'after the snippet');
  await shot('writing-snippet-inserted');

  await workbench.showProblems();
  await workbench.filterProblems(blankFileName);
  let rows: string[] = [];
  await pollUntil(
    'the placeholders to show as Warnings of the new file',
    async () => {
      rows = await workbench.problemsRows();
      return rows.some((label) => /^Warning: 'textChannelId' is still the placeholder <your text channel id>/.test(label));
    },
    { describeLast: () => JSON.stringify(rows, null, 1) },
  );
  assert.ok(rows.filter((label) => label.startsWith('Error')).length === 0, `the blank Pearl has errors: ${JSON.stringify(rows, null, 1)}`);
  await shot('writing-placeholder-problems');
  await workbench.filterProblems('');
  await workbench.hidePanel();

  await workbench.focusEditor(fileName);
  await workbench.runCommand('Pearl: Deploy');
  // The refusal names the first three fields (pearl.agentName, two scripts by their nodes) and counts the rest.
  await workbench.waitForNotification(
    /Deploy refused: pearl\.agentName, script of OpeningSentence node '[^']+', script of Dialogue node '[^']+' and \d+ more are still placeholders to fill in/,
  );
  await shot('writing-deploy-refused');
  await workbench.runCommand('Notifications: Clear All Notifications');
  await workbench.runCommand('View: Close All Editors');
}

/** Waits until VS Code's indentation item in the status bar reads `expected`. */
async function waitForIndentation(workbench: Workbench, expected: string, when: string): Promise<void> {
  let text: string | undefined;
  await pollUntil(
    `the status bar to say "${expected}" ${when}`,
    async () => {
      text = await workbench.statusBarItemText(indentationItemId);
      return text === expected;
    },
    { timeoutMs: 10_000, describeLast: () => `the indentation item says ${JSON.stringify(text)}` },
  );
}

/** Just after the closing brace of the last node of `pearl.nodes`: its 1-based line and column. */
function lastNodeEnd(text: string): { line: number; column: number } {
  const root = parseTree(text);
  const nodes = root === undefined ? undefined : findNodeAtLocation(root, ['pearl', 'nodes']);
  const last = nodes?.children?.[nodes.children.length - 1];
  assert.ok(last, 'the blank Pearl has no nodes');
  const position = TextDocument.create('file:///x', 'pearl', 1, text).positionAt(last.offset + last.length);
  return { line: position.line + 1, column: position.character + 1 };
}
