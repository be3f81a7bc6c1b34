import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findNodeAtLocation, parse, parseTree } from 'jsonc-parser';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { getLanguageService } from '../../../server/src/service/pearlLanguageService';
import { positionOf } from '../../helpers/text';
import type { RunFolder } from './runFolder';
import { pollUntil, type Workbench } from './workbench';

/** Runs one named UI check (recording a failure with a screenshot); resolves to whether it passed. */
export type UiCheck = (name: string, body: () => Promise<void>) => Promise<boolean>;
/** Saves a screenshot named `name` in the run folder. */
export type UiShot = (name: string) => Promise<void>;

const sourceExample = 'examples/clinic-reminders.pearl.json';

/**
 * The UI checks of writing a Pearl, each on its own copy of a clean example (so the deploy checks
 * keep theirs):
 * 1. inlay hints: `"nodeType": 3` shows `PreCallAPI` in the editor;
 * 2. a node snippet: after the last node of `pearl.nodes`, typing `Dia` and accepting `Dialogue`
 *    inserts a whole node (and the transition into it), and the file has no problem;
 * 3. typing: `{` then Enter after the last node makes a new line (no key list accepted);
 * 4. completion in a `toNodeId`: the focused node id shows its node's type and name (its detail,
 *    resolved when VS Code focuses it).
 * Screenshots: `inlay-hints`, `node-snippet-list`, `node-snippet-inserted`, `brace-enter`,
 * `tonodeid-completion`.
 */
export async function runAuthoringChecks(workbench: Workbench, run: RunFolder, check: UiCheck, shot: UiShot): Promise<void> {
  const page = workbench.page;
  const copy = (name: string): { relative: string; file: string } => {
    const relative = `examples/${name}`;
    const file = path.join(run.workspace, relative);
    fs.copyFileSync(path.join(run.workspace, sourceExample), file);
    return { relative, file };
  };
  const snippetFile = copy('authoring-snippet.pearl.json');
  const typingFile = copy('authoring-typing.pearl.json');

  /** The text of the editor's rendered lines (inlay hints included), top to bottom. */
  const viewLines = async (): Promise<string[]> => {
    const lines = await page.locator('.editor-group-container.active .monaco-editor .view-lines .view-line').evaluateAll((elements) =>
      elements.map((line) => ({
        top: parseFloat(line.getAttribute('style')?.match(/top:\s*([\d.]+)px/)?.[1] ?? '0') || 0,
        text: (line.textContent ?? '').replace(/\u00a0/g, ' '),
      })),
    );
    return lines.sort((a, b) => a.top - b.top).map((line) => line.text);
  };
  /** Moves the cursor to 1-based `line`, `column` with Go to Line/Column. */
  const goTo = async (line: number, column: number): Promise<void> => {
    await page.keyboard.press('Control+G');
    const input = await workbench.quickInput();
    await input.fill(`:${line}:${column}`);
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  };

  await check('inlay hints name the nodeType values', async () => {
    await workbench.openFile(snippetFile.relative);
    const { line } = lineColumnOf(fs.readFileSync(snippetFile.file, 'utf8'), '"nodeType": 3');
    await goTo(line, 1);
    let lines: string[] = [];
    await pollUntil(
      'the line of "nodeType": 3 to show PreCallAPI after the value',
      async () => {
        lines = await viewLines();
        return lines.some((text) => /"nodeType": 3,?\s*PreCallAPI/.test(text));
      },
      { describeLast: () => JSON.stringify(lines.filter((text) => text.includes('nodeType'))) },
    );
    await shot('inlay-hints');
  });

  await check('a node snippet inserted into nodes adds no problem', async () => {
    await workbench.focusEditor(path.basename(snippetFile.file));
    const before = fs.readFileSync(snippetFile.file, 'utf8');
    const afterLast = lastNodeEnd(before);
    await goTo(afterLast.line, afterLast.column);
    await page.keyboard.press('Enter');
    await page.keyboard.type('Dia');
    const row = page.locator('.suggest-widget.visible .monaco-list-row', { hasText: 'Dialogue' }).first();
    await row.waitFor({ timeout: 15_000 });
    await shot('node-snippet-list');
    await row.click();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+S');
    const saved = await pollUntil('the file to be saved with the new node', () => {
      const text = fs.readFileSync(snippetFile.file, 'utf8');
      return text.includes('"nodeId": "dialogue"') ? text : undefined;
    });
    assert.match(saved, /"toNodeId": "dialogue"/, 'no transition leads to the new node');
    const service = getLanguageService();
    const diagnostics = service.doValidation(
      service.parsePearlDocument(TextDocument.create(`file://${snippetFile.file}`, 'pearl', 1, saved)),
    );
    assert.deepEqual(
      diagnostics.map((d) => d.message),
      [],
      'the saved file has problems',
    );
    // The server has the new version once the new node's own nodeType shows its hint.
    await pollUntil('the new node to show its nodeType hint', async () => {
      const lines = await viewLines();
      const at = lines.findIndex((text) => text.includes('"nodeId": "dialogue"'));
      return at >= 0 && lines.slice(at, at + 4).some((text) => /"nodeType": 10,?\s*Dialogue/.test(text));
    });
    await workbench.showProblems();
    let rows: string[] = [];
    const fileRows = async (): Promise<string[]> => {
      rows = await workbench.problemsRows();
      return rows.filter((label) => label.includes(path.basename(snippetFile.file)));
    };
    // The problems of the typed `Dia` go once the new version is validated (200 ms after the change)…
    await pollUntil('the Problems panel to list nothing for the file', async () => (await fileRows()).length === 0, {
      describeLast: () => JSON.stringify(rows),
    });
    // …and none comes back: 2 s is ten times the validation delay.
    const settled = Date.now() + 2000;
    await pollUntil('2 s without a problem in the file', async () => {
      assert.deepEqual(await fileRows(), [], `problems: ${JSON.stringify(rows)}`);
      return Date.now() > settled;
    });
    await shot('node-snippet-inserted');
    await workbench.hidePanel();
  });

  await check('typing { then Enter in nodes makes a new line', async () => {
    await workbench.openFile(typingFile.relative);
    const before = fs.readFileSync(typingFile.file, 'utf8');
    const afterLast = lastNodeEnd(before);
    await goTo(afterLast.line, afterLast.column);
    await page.keyboard.type(',');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+BracketLeft');
    // Give a key list the time it would take to open (the completion round trip), then press Enter.
    const suggest = page.locator('.suggest-widget.visible');
    const opened = await suggest.waitFor({ timeout: 1500 }).then(
      () => true,
      () => false,
    );
    assert.equal(opened, false, 'a completion list opened on {');
    await page.keyboard.press('Enter');
    // The editor's lines: the `{` alone on its line, then the line Enter made (blank, the cursor on
    // it), then the `}` auto-closed or the array's `]`: no key was accepted.
    let lines: string[] = [];
    await pollUntil(
      'a blank line after the { line',
      async () => {
        lines = (await viewLines()).map((text) => text.trim());
        // The last node was the array's last element: the new `{` is followed by a blank line, then `}` or `]`.
        return lines.some((text, i) => text === '{' && lines[i - 1] === '},' && lines[i + 1] === '' && /^[}\]]/.test(lines[i + 2] ?? ''));
      },
      { timeoutMs: 10_000, describeLast: () => JSON.stringify(lines.slice(-25)) },
    );
    await shot('brace-enter');
  });

  await check("completion in a toNodeId: the focused node id shows its node's type and name", async () => {
    // The list leaves each item's detail to completionItem/resolve; VS Code asks it for the
    // focused item and shows it on that row.
    const completeFile = copy('authoring-complete.pearl.json');
    await workbench.openFile(completeFile.relative);
    const text = fs.readFileSync(completeFile.file, 'utf8');
    const { line, column } = lineColumnOf(text, '"toNodeId": "answer_question"');
    await goTo(line, column + '"toNodeId": "'.length);
    await page.keyboard.press('Control+Space');
    const first = (parse(text) as { pearl: { nodes: { nodeId?: string; name?: string }[] } }).pearl.nodes.find(
      (node) => node.nodeId !== undefined && node.name !== undefined,
    );
    assert.ok(first, 'the example has no node with a nodeId and a name');
    const focused = page.locator('.suggest-widget.visible .monaco-list-row.focused');
    let seen = { label: '', details: '' };
    let triggers = 1;
    let triggeredAt = Date.now();
    await pollUntil(
      `the focused row to be ${first.nodeId} with its type and name`,
      async () => {
        // In two clean-clone CI runs the first Ctrl+Space showed no list (none in the screenshot; an
        // earlier check's suggest widget may still count as visible): when no row is focused after
        // 3 s, the list is closed and asked for again, as a user would.
        if (Date.now() - triggeredAt > 3_000 && seen.label === '' && triggers < 4) {
          await page.keyboard.press('Escape');
          await page.keyboard.press('Control+Space');
          triggeredAt = Date.now();
          triggers++;
        }
        const text = async (selector: string): Promise<string> =>
          (
            (await focused
              .locator(selector)
              .textContent()
              .catch(() => '')) ?? ''
          ).trim();
        seen = { label: await text('.label-name'), details: await text('.details-label') };
        return seen.label === first.nodeId && seen.details.endsWith(` · ${first.name}`);
      },
      { timeoutMs: 15_000, describeLast: () => JSON.stringify({ ...seen, triggers }) },
    );
    await shot('tonodeid-completion');
    await page.keyboard.press('Escape');
  });
}

/** The 1-based line and column of the first occurrence of `needle` in `text`. */
function lineColumnOf(text: string, needle: string): { line: number; column: number } {
  const position = positionOf(text, needle);
  return { line: position.line + 1, column: position.character + 1 };
}

/** Just after the closing brace of the last node of `pearl.nodes`: its offset, 1-based line and column. */
function lastNodeEnd(text: string): { offset: number; line: number; column: number } {
  const nodes = findNodeAtLocation(parseTree(text)!, ['pearl', 'nodes']);
  const last = nodes?.children?.[nodes.children.length - 1];
  assert.ok(last, 'the example has no nodes');
  const offset = last.offset + last.length;
  const position = TextDocument.create('file:///x', 'pearl', 1, text).positionAt(offset);
  return { offset, line: position.line + 1, column: position.character + 1 };
}
