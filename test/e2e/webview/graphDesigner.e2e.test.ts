/**
 * The designer's gestures in the graph preview page (chromium, the page and fake webview API of
 * `previewPage.ts`): each gesture is driven with the mouse and keyboard, and the test asserts the
 * exact message the page posts to the host (a `graphEdit` for the version drawn, or `history`),
 * what the confirmation lists (as text), and what the page selects and shows after the host's
 * answer. The graphs come from the real language service.
 *
 * Needs `node scripts/bundle.mjs` first. Skipped when /usr/bin/chromium is absent.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { HostMessage, WebviewMessage } from '#protocol/graphPreviewMessages';
import type { PearlGraph } from '#protocol/pearlRequests';
import { getLanguageService } from '../../../server/src/service/pearlLanguageService';
import {
  answerSettingFields as answerHostSettingFields,
  chromiumPath,
  type HostText,
  type PageGlobals,
  usePreviewPages,
} from './previewPage';

const service = getLanguageService();
const hostileName = '<img src=x onerror="window.__pwned=1">Talk';

/** Open → Talk (hostile name) → End, and Open → End. */
const designerText = `{
  "name": "Designer",
  "pearl": {
    "nodes": [
      { "nodeId": "open", "name": "Open", "nodeType": 2, "script": "Hello", "transitions": [
        { "name": "Wants <b>to</b> talk", "toNodeId": "talk" },
        { "name": "Bye", "toNodeId": "end" }
      ] },
      { "nodeId": "talk", "name": ${JSON.stringify(hostileName)}, "nodeType": 10, "script": "Tell me", "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "End", "nodeType": 100 }
    ]
  }
}
`;

function graphOf(text: string, version: number): PearlGraph {
  const doc = service.parsePearlDocument(TextDocument.create('file:///work/designer.pearl.json', 'pearl', version, text));
  return service.getGraph(doc, service.doValidation(doc));
}

describe('graph designer gestures (chromium)', { skip: fs.existsSync(chromiumPath) ? false : `${chromiumPath} not found` }, () => {
  const pages = usePreviewPages();

  /**
   * A page showing `graph` (drawn once), and the errors it throws. With `text` (the text `graph`
   * was drawn from), the page's requests for a node's settings fields are answered as the host
   * does, from the language service (`pearl/nodeSettingFields`).
   */
  async function openDesigner(graph: PearlGraph, text?: string): Promise<{ page: Page; pageErrors: string[] }> {
    const context = await pages.browser.newContext({ viewport: { width: 1100, height: 700 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('dialog', (dialog) => {
      pageErrors.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss().catch(() => undefined);
    });
    await page.goto(`${pages.origin}/`);
    await page.waitForFunction(() => (globalThis as unknown as PageGlobals).__posted.some((message) => message.type === 'ready'));
    if (text !== undefined) await answerSettingFields(page, text, graph.version);
    await post(page, { type: 'graph', graph });
    await page.locator('#graph[data-render-count="1"]').waitFor({ state: 'attached' });
    assert.equal(
      await page.locator('#legend').evaluate((element) => (element as HTMLDetailsElement).open),
      false,
      'the legend starts collapsed',
    );
    return { page, pageErrors };
  }

  /** The text the page of each test shows, as the host knows it (for its settings fields answers). */
  const shownText = new WeakMap<Page, HostText>();

  /** Answers each `requestSettingFields` the page posts with the service's form for the text shown. */
  async function answerSettingFields(page: Page, text: string, version: number): Promise<void> {
    shownText.set(page, { text, version });
    await answerHostSettingFields(page, () => shownText.get(page), 'file:///work/designer.pearl.json');
  }

  /**
   * What the host and the editor do with the page's `graphEdit` messages since the last call:
   * each edit made by the language service on the text shown (as the editor applies it), the
   * graph of the new text sent to the page and drawn. Returns the new text.
   */
  async function applySentEdits(page: Page): Promise<string> {
    const shown = shownText.get(page);
    assert.ok(shown, 'openDesigner(graph, text) first');
    let { text, version } = shown;
    let select: string | undefined;
    for (const message of await takeDesignerMessages(page)) {
      if (message.type !== 'graphEdit') continue;
      const doc = service.parsePearlDocument(TextDocument.create('file:///work/designer.pearl.json', 'pearl', version, text));
      const outcome = service.doGraphEdit(doc, message.version, message.edit);
      assert.ok('result' in outcome, `${JSON.stringify(message)} at ${version} refused: ${'refusal' in outcome ? outcome.refusal : ''}`);
      const change = outcome.result.edit.documentChanges?.[0];
      assert.ok(change && 'edits' in change);
      // The editor's version moves only when the text changes.
      if (change.edits.length > 0) version++;
      text = TextDocument.applyEdits(doc.textDocument, change.edits);
      select = outcome.result.select;
    }
    shownText.set(page, { text, version });
    await post(page, { type: 'graph', graph: graphOf(text, version) });
    if (select !== undefined) await post(page, { type: 'select', key: select });
    await page.locator(`#graph[data-version="${version}"]`).waitFor({ state: 'attached' });
    return text;
  }

  /** The edits the page sent since the last take, left in place. */
  async function peekEdits(page: Page): Promise<unknown[]> {
    const posted = await page.evaluate(() => (globalThis as unknown as PageGlobals).__posted);
    return posted.flatMap((message) => (message.type === 'graphEdit' ? [message.edit] : []));
  }

  /** With DESIGNER_SHOTS set (a folder), a screenshot of the page there, named `name`.png. */
  async function shot(page: Page, name: string): Promise<void> {
    const folder = process.env.DESIGNER_SHOTS;
    if (folder === undefined) return;
    fs.mkdirSync(folder, { recursive: true });
    await page.screenshot({ path: path.join(folder, `${name}.png`) });
  }

  async function post(page: Page, message: HostMessage): Promise<void> {
    await page.evaluate((data) => (globalThis as unknown as PageGlobals).postMessage(data, '*'), message);
  }

  /** The messages posted since the last call (ready, reveal and the like left out). */
  async function takeDesignerMessages(page: Page): Promise<WebviewMessage[]> {
    const all = await page.evaluate(() => (globalThis as unknown as PageGlobals).__posted.splice(0));
    return all.filter(
      (message) =>
        message.type === 'graphEdit' ||
        message.type === 'history' ||
        message.type === 'requestQuickFixes' ||
        message.type === 'applyQuickFix',
    );
  }

  async function assertClean(page: Page, pageErrors: string[]): Promise<void> {
    assert.deepEqual(pageErrors, []);
    assert.deepEqual(await page.evaluate(() => (globalThis as unknown as PageGlobals).__cspViolations), []);
    assert.equal(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned), undefined);
  }

  it('Delete on a selected transition posts deleteTransition for the drawn version', async () => {
    const graph = graphOf(designerText, 7);
    const { page, pageErrors } = await openDesigner(graph);
    const bye = graph.edges.find((edge) => edge.name === 'Bye');
    assert.ok(bye);
    await page.locator(`[data-label-for="${bye.key}"]`).click();
    assert.equal(await page.locator(`[data-edge-key="${bye.key}"].selected`).count(), 1, 'the clicked transition is marked selected');
    await takeDesignerMessages(page);
    await page.keyboard.press('Delete');
    assert.deepEqual(await takeDesignerMessages(page), [
      { type: 'graphEdit', version: 7, edit: { kind: 'deleteTransition', transition: bye.key } },
    ]);
    await assertClean(page, pageErrors);
  });

  it('Delete on a node lists its incoming transitions as text first; Cancel sends nothing, Delete sends deleteNode', async () => {
    const graph = graphOf(designerText, 3);
    const { page, pageErrors } = await openDesigner(graph);
    const talk = graph.nodes.find((node) => node.nodeId === 'talk');
    assert.ok(talk);
    await page.locator(`[data-node-key="${talk.key}"]`).click();
    await takeDesignerMessages(page);
    await page.keyboard.press('Delete');
    const dialog = page.locator('.designer-dialog');
    await dialog.waitFor();
    assert.equal(await dialog.locator('h2').textContent(), `Delete the Dialogue node "${hostileName}"?`);
    assert.equal(await dialog.locator('p').textContent(), 'This transition leads to it and will be deleted too:');
    assert.deepEqual(await dialog.locator('li').allTextContents(), ['"Wants <b>to</b> talk" from Open']);
    assert.equal(await dialog.locator('img, b').count(), 0, 'names from the file are text, not markup');
    await dialog.locator('button[data-action="cancel"]').click();
    assert.equal(await dialog.count(), 0);
    assert.deepEqual(await takeDesignerMessages(page), []);

    await page.locator(`[data-node-key="${talk.key}"]`).click();
    await page.keyboard.press('Delete');
    await dialog.locator('button[data-action="confirm"]').click();
    assert.deepEqual(await takeDesignerMessages(page), [{ type: 'graphEdit', version: 3, edit: { kind: 'deleteNode', node: talk.key } }]);
    await assertClean(page, pageErrors);
  });

  it('Ctrl+Z, Ctrl+Y and Ctrl+Shift+Z post the editor history commands, but not while typing in the search box', async () => {
    const { page, pageErrors } = await openDesigner(graphOf(designerText, 1));
    await page.locator('#graph').click({ position: { x: 5, y: 5 } });
    await takeDesignerMessages(page);
    // As VS Code's webview script does: a window keydown listener that forwards keys to the workbench
    // (whose own undo would then run a second time). The page keeps Ctrl+Z and Ctrl+Y from it.
    await page.evaluate(() => {
      const forwarded: string[] = [];
      (globalThis as unknown as { __forwarded: string[] }).__forwarded = forwarded;
      window.addEventListener('keydown', (event) => forwarded.push(event.key));
    });
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+y');
    await page.keyboard.press('Control+Shift+z');
    assert.deepEqual(await takeDesignerMessages(page), [
      { type: 'history', command: 'undo' },
      { type: 'history', command: 'redo' },
      { type: 'history', command: 'redo' },
    ]);
    assert.deepEqual(
      await page.evaluate(() =>
        (globalThis as unknown as { __forwarded: string[] }).__forwarded.filter(
          (key) => key.toLowerCase() !== 'control' && key !== 'Shift',
        ),
      ),
      [],
    );
    await page.locator('#search').fill('Open');
    await page.locator('#search').press('Control+z');
    assert.deepEqual(await takeDesignerMessages(page), []);
    await assertClean(page, pageErrors);
  });

  it('selects what the edit created once the new graph is drawn, and shows a refusal as text', async () => {
    const { page, pageErrors } = await openDesigner(graphOf(designerText, 1));
    const edited = designerText.replace(
      '{ "nodeId": "end", "name": "End", "nodeType": 100 }',
      '{ "nodeId": "end", "name": "End", "nodeType": 100 },\n      { "nodeId": "ask", "name": "Ask", "nodeType": 10, "transitions": [] }',
    );
    const next = graphOf(edited, 2);
    const ask = next.nodes.find((node) => node.nodeId === 'ask');
    assert.ok(ask);
    // The host's answer may come before the redraw: the page waits for a graph that has the key.
    await post(page, { type: 'select', key: ask.key });
    await post(page, { type: 'graph', graph: next });
    await page.locator(`[data-node-key="${ask.key}"].selected`).waitFor();

    const refusal = 'The node "<b>x</b>" already has a transition named "Bye".';
    await post(page, { type: 'editRefused', text: refusal });
    const notice = page.locator('#designer-notice');
    await notice.waitFor();
    assert.equal(await notice.textContent(), refusal);
    assert.equal(await notice.locator('b').count(), 0);
    await notice.click();
    assert.equal(await notice.isHidden(), true);
    await assertClean(page, pageErrors);
  });

  /** The centre of node `key` on screen. */
  async function centreOf(page: Page, key: string): Promise<{ x: number; y: number }> {
    const box = await page.locator(`[data-node-key="${key}"] > .node-box`).boundingBox();
    assert.ok(box, `node ${key} is not drawn`);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }

  /** Presses at `from`, moves to `to` in steps, releases: a pointer drag. */
  async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 8 });
    await page.mouse.up();
  }

  it('palette: the text Pearl node types; a click adds after the selected node, a drop onto a node adds after it, onto empty space unconnected', async () => {
    const graph = graphOf(designerText, 5);
    const { page, pageErrors } = await openDesigner(graph);
    assert.deepEqual(await page.locator('.palette-item').allTextContents(), [
      'OpeningSentence',
      'Dialogue',
      'SearchKnowledgeBase',
      'API',
      'PreCallAPI',
      'SMS',
      'Email',
      'HandoffChatToHuman',
      'EndCall',
      'PostCallActions',
    ]);
    const open = graph.nodes.find((node) => node.nodeId === 'open');
    assert.ok(open);
    await page.locator(`[data-node-key="${open.key}"]`).click();
    await takeDesignerMessages(page);
    await page.locator('.palette-item[data-node-type="10"]').click();
    assert.deepEqual(await takeDesignerMessages(page), [
      { type: 'graphEdit', version: 5, edit: { kind: 'addNode', nodeType: 10, from: open.key } },
    ]);

    const sms = await page.locator('.palette-item[data-node-type="50"]').boundingBox();
    assert.ok(sms);
    // Onto empty space (the graph's own background under the point): unconnected.
    const svgBox = await page.locator('#graph').boundingBox();
    assert.ok(svgBox);
    const empty = { x: svgBox.x + svgBox.width - 12, y: svgBox.y + 12 };
    assert.equal(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.id, empty), 'graph', 'the drop point is empty space');
    await drag(page, { x: sms.x + 20, y: sms.y + 10 }, empty);
    assert.deepEqual(await takeDesignerMessages(page), [{ type: 'graphEdit', version: 5, edit: { kind: 'addNode', nodeType: 50 } }]);
    // Onto a node (Talk, not the selected Open): after that node, with a transition named after the type.
    const talk = graph.nodes.find((node) => node.nodeId === 'talk');
    assert.ok(talk);
    await page.mouse.move(sms.x + 20, sms.y + 10);
    await page.mouse.down();
    await page.mouse.move((await centreOf(page, talk.key)).x, (await centreOf(page, talk.key)).y, { steps: 8 });
    assert.equal(await page.locator('.node.drop-target').getAttribute('data-node-key'), talk.key, 'the node under the drag is marked');
    await page.mouse.up();
    assert.equal(await page.locator('.drop-target').count(), 0);
    assert.deepEqual(await takeDesignerMessages(page), [
      { type: 'graphEdit', version: 5, edit: { kind: 'addNode', nodeType: 50, from: talk.key } },
    ]);
    // Dropped back on the palette: nothing.
    await drag(page, { x: sms.x + 20, y: sms.y + 10 }, { x: sms.x + 30, y: sms.y - 30 });
    assert.deepEqual(await takeDesignerMessages(page), []);
    await assertClean(page, pageErrors);
  });

  it('connect: drag the selected node\u2019s handle onto another node, name the transition inline, Enter sends addTransition', async () => {
    const graph = graphOf(designerText, 2);
    const { page, pageErrors } = await openDesigner(graph);
    const talk = graph.nodes.find((node) => node.nodeId === 'talk');
    const open = graph.nodes.find((node) => node.nodeId === 'open');
    assert.ok(talk && open);
    await page.locator(`[data-node-key="${talk.key}"]`).click();
    const handle = page.locator(`.connect-handle[data-handle-for="${talk.key}"]`);
    const handleBox = await handle.boundingBox();
    assert.ok(handleBox);
    await takeDesignerMessages(page);
    await drag(page, { x: handleBox.x + handleBox.width / 2, y: handleBox.y + handleBox.height / 2 }, await centreOf(page, open.key));
    const input = page.locator('.transition-form input[name="transitionName"]');
    await input.waitFor();
    assert.equal(await page.locator('.transition-form label').textContent(), `Transition from ${hostileName} to Open`);
    assert.equal(await input.inputValue(), 'Go to Open');
    await input.fill('Start over');
    await input.press('Enter');
    assert.deepEqual(await takeDesignerMessages(page), [
      { type: 'graphEdit', version: 2, edit: { kind: 'addTransition', source: talk.key, target: open.key, name: 'Start over' } },
    ]);
    assert.equal(await page.locator('.transition-form').count(), 0);
    await assertClean(page, pageErrors);
  });

  it('connect from a PreCallAPI node: choose Failure, sent as apiResult 2', async () => {
    const text = designerText.replace(
      '"nodes": [',
      '"nodes": [\n      { "nodeId": "lookup", "name": "Lookup", "nodeType": 3, "transitions": [{ "name": "Success", "apiResult": 1, "toNodeId": "open" }] },',
    );
    const graph = graphOf(text, 9);
    const { page, pageErrors } = await openDesigner(graph);
    const lookup = graph.nodes.find((node) => node.nodeId === 'lookup');
    const open = graph.nodes.find((node) => node.nodeId === 'open');
    assert.ok(lookup && open);
    await page.locator(`[data-node-key="${lookup.key}"]`).click();
    const handleBox = await page.locator(`.connect-handle[data-handle-for="${lookup.key}"]`).boundingBox();
    assert.ok(handleBox);
    await takeDesignerMessages(page);
    await drag(page, { x: handleBox.x + 7, y: handleBox.y + 7 }, await centreOf(page, open.key));
    const select = page.locator('.transition-form select[name="apiResult"]');
    await select.waitFor();
    // Success is used: Failure is offered first.
    assert.equal(await select.inputValue(), '2');
    assert.equal(await page.locator('.transition-form input').inputValue(), 'Failure');
    await page.locator('.transition-form input').press('Enter');
    assert.deepEqual(await takeDesignerMessages(page), [
      {
        type: 'graphEdit',
        version: 9,
        edit: { kind: 'addTransition', source: lookup.key, target: open.key, name: 'Failure', apiResult: 2 },
      },
    ]);
    await assertClean(page, pageErrors);
  });

  it('retarget: drag the selected transition\u2019s end onto another node', async () => {
    const graph = graphOf(designerText, 4);
    const { page, pageErrors } = await openDesigner(graph);
    const bye = graph.edges.find((edge) => edge.name === 'Bye');
    const talk = graph.nodes.find((node) => node.nodeId === 'talk');
    assert.ok(bye && talk);
    await page.locator(`[data-label-for="${bye.key}"]`).click();
    const handleBox = await page.locator(`.retarget-handle[data-handle-for="${bye.key}"]`).boundingBox();
    assert.ok(handleBox);
    await takeDesignerMessages(page);
    await drag(page, { x: handleBox.x + handleBox.width / 2, y: handleBox.y + handleBox.height / 2 }, await centreOf(page, talk.key));
    assert.deepEqual(await takeDesignerMessages(page), [
      { type: 'graphEdit', version: 4, edit: { kind: 'retargetTransition', transition: bye.key, target: talk.key } },
    ]);
    await assertClean(page, pageErrors);
  });

  it('side panel: the selected node\u2019s fields as text; Enter or leaving a changed field sends setNodeProperty; problems with their quick fixes', async () => {
    const text = designerText.replace('"toNodeId": "end" }] },', '"toNodeId": "nowhere" }] },');
    const graph = graphOf(text, 6);
    const { page, pageErrors } = await openDesigner(graph);
    const talk = graph.nodes.find((node) => node.nodeId === 'talk');
    assert.ok(talk && talk.diagnostics.length > 0, 'the broken transition gives Talk a diagnostic');
    await page.locator(`[data-node-key="${talk.key}"]`).click();
    const panel = page.locator('#node-panel');
    await panel.waitFor();
    assert.equal(await panel.locator('h2').textContent(), `Dialogue: ${hostileName}`);
    assert.equal(await panel.locator('input[name="name"]').inputValue(), hostileName);
    assert.equal(await panel.locator('input[name="nodeId"]').inputValue(), 'talk');
    assert.equal(await panel.locator('textarea[name="script"]').inputValue(), 'Tell me');
    assert.equal(await panel.locator('textarea[name="instructions"]').inputValue(), '');
    assert.equal(await panel.locator('img').count(), 0);
    assert.deepEqual(await takeDesignerMessages(page), [{ type: 'requestQuickFixes', key: talk.key }]);
    assert.deepEqual(
      await panel.locator('.problem > span').allTextContents(),
      talk.diagnostics.map((diagnostic) => diagnostic.message),
    );

    await panel.locator('input[name="name"]').fill('Small talk');
    await panel.locator('input[name="name"]').press('Enter');
    await panel.locator('textarea[name="script"]').fill('Tell me more');
    await panel.locator('input[name="nodeId"]').click();
    // Unchanged nodeId left: nothing.
    await panel.locator('textarea[name="instructions"]').click();
    assert.deepEqual(await takeDesignerMessages(page), [
      { type: 'graphEdit', version: 6, edit: { kind: 'setNodeProperty', node: talk.key, property: 'name', value: 'Small talk' } },
      { type: 'graphEdit', version: 6, edit: { kind: 'setNodeProperty', node: talk.key, property: 'script', value: 'Tell me more' } },
    ]);

    await post(page, { type: 'quickFixes', key: talk.key, fixes: [{ title: 'Change to "end" <b>', index: 0, diagnostic: 0 }] });
    const fix = panel.locator('.quick-fix');
    await fix.waitFor();
    assert.equal(await fix.textContent(), 'Change to "end" <b>');
    await fix.click();
    assert.deepEqual(await takeDesignerMessages(page), [{ type: 'applyQuickFix', key: talk.key, index: 0 }]);
    await assertClean(page, pageErrors);
  });

  it('side panel: a node shows the script and instructions its type takes (an SMS node no script), and any the file sets', async () => {
    const text = designerText.replace(
      '{ "nodeId": "end", "name": "End", "nodeType": 100 }',
      `{ "nodeId": "end", "name": "End", "nodeType": 100 },
      { "nodeId": "sms", "name": "Text", "nodeType": 50, "smsSettings": { "body": "Hi" }, "transitions": [{ "name": "Sent", "toNodeId": "end" }] },
      { "nodeId": "kb", "name": "Look up", "nodeType": 80, "transitions": [{ "name": "Found", "toNodeId": "end" }] },
      { "nodeId": "human", "name": "Person", "nodeType": 31, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "fetch", "name": "Fetch", "nodeType": 40, "apiSettings": { "name": "CRM", "method": 1, "endpointUrl": "https://crm.test" }, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "sms_noted", "name": "Noted", "nodeType": 50, "smsSettings": { "body": "Hi" }, "script": "Left from a copy", "transitions": [{ "name": "Sent", "toNodeId": "end" }] }`,
    );
    const graph = graphOf(text, 9);
    const { page, pageErrors } = await openDesigner(graph, text);
    const panel = page.locator('#node-panel');
    const expected: Record<string, string[]> = {
      open: ['Name', 'nodeId', 'Script', 'Instructions'],
      talk: ['Name', 'nodeId', 'Script', 'Instructions'],
      end: ['Name', 'nodeId', 'Instructions'],
      sms: ['Name', 'nodeId', 'Instructions'],
      kb: ['Name', 'nodeId', 'Instructions'],
      human: ['Name', 'nodeId', 'Instructions'],
      fetch: ['Name', 'nodeId', 'Instructions'],
      sms_noted: ['Name', 'nodeId', 'Script', 'Instructions'],
    };
    for (const [nodeId, captions] of Object.entries(expected)) {
      const node = graph.nodes.find((candidate) => candidate.nodeId === nodeId);
      assert.ok(node, nodeId);
      await page.locator(`[data-node-key="${node.key}"]`).click();
      await panel.locator('h2', { hasText: node.name ?? '' }).waitFor();
      assert.deepEqual(await panel.locator(':scope > div > label.panel-field:visible > span').allTextContents(), captions, nodeId);
    }
    assert.equal(await panel.locator('textarea[name="script"]').inputValue(), 'Left from a copy');
    await assertClean(page, pageErrors);
  });

  it('side panel: the settings fields from the schema, each sending setNodeSetting with a value of its type', async () => {
    const hostileHeader = '<img src=x onerror="window.__pwned=1">';
    const text = designerText.replace(
      '{ "nodeId": "end", "name": "End", "nodeType": 100 }',
      `{ "nodeId": "end", "name": "End", "nodeType": 100 },
      { "nodeId": "fetch", "name": "Fetch", "nodeType": 40, "apiSettings": { "name": "CRM", "method": 1, "endpointUrl": ${JSON.stringify(hostileName)}, "headers": { ${JSON.stringify(hostileHeader)}: "<b>v</b>" } }, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "mail", "name": "Mail", "nodeType": 51, "emailSettings": { "to": ["a@x.test"], "subject": "Hi", "body": "" }, "transitions": [{ "name": "Sent", "toNodeId": "end" }] }`,
    );
    const graph = graphOf(text, 8);
    const { page, pageErrors } = await openDesigner(graph, text);
    const fetch = graph.nodes.find((node) => node.nodeId === 'fetch');
    const mail = graph.nodes.find((node) => node.nodeId === 'mail');
    assert.ok(fetch && mail);
    const panel = page.locator('#node-panel');
    // The attribute holds the path as JSON; in the CSS string its backslashes and quotes are escaped.
    const field = (path: (string | number)[]) =>
      panel.locator(`[data-path='${JSON.stringify(path).replace(/[\\']/g, (char) => `\\${char}`)}']`);

    await page.locator(`[data-node-key="${fetch.key}"]`).click();
    await panel.waitFor();
    assert.equal(await panel.locator('.panel-settings h3').textContent(), 'apiSettings');
    const method = field(['apiSettings', 'method']);
    assert.deepEqual(await method.locator('option').allTextContents(), ['Not set', 'GET', 'POST', 'PUT', 'DELETE', 'PATCH']);
    assert.equal(await method.inputValue(), '1');
    assert.equal(await field(['apiSettings', 'endpointUrl']).inputValue(), hostileName);
    assert.equal(await field(['apiSettings', 'headers', hostileHeader]).inputValue(), '<b>v</b>');
    // body, headers and outputBody are lists that take new entries: a section each.
    assert.deepEqual(await panel.locator('.panel-list > h4').allTextContents(), ['body (none)', 'headers', 'outputBody (none)']);
    assert.equal(await panel.locator('img, b').count(), 0, 'strings from the file are text, not markup');
    await takeDesignerMessages(page);
    await method.selectOption({ label: 'POST' });
    await field(['apiSettings', 'endpointUrl']).fill('https://crm.test/{id}');
    await field(['apiSettings', 'endpointUrl']).press('Enter');
    await field(['apiSettings', 'description']).click();
    assert.deepEqual(await takeDesignerMessages(page), [
      { type: 'graphEdit', version: 8, edit: { kind: 'setNodeSetting', node: fetch.key, path: ['apiSettings', 'method'], value: 2 } },
      {
        type: 'graphEdit',
        version: 8,
        edit: { kind: 'setNodeSetting', node: fetch.key, path: ['apiSettings', 'endpointUrl'], value: 'https://crm.test/{id}' },
      },
    ]);

    await page.locator(`[data-node-key="${mail.key}"]`).click();
    assert.equal(await panel.locator('.panel-settings h3').textContent(), 'emailSettings');
    assert.equal(await field(['emailSettings', 'to']).inputValue(), 'a@x.test');
    assert.equal(await field(['emailSettings', 'body']).evaluate((element) => element.tagName), 'TEXTAREA');
    await takeDesignerMessages(page);
    await field(['emailSettings', 'to']).fill('a@x.test, b@x.test,');
    await field(['emailSettings', 'to']).press('Enter');
    // smtpSettings is not in the file: a folded group; its port takes whole numbers only.
    const smtp = panel.locator('details.panel-group', { has: page.locator('summary', { hasText: 'smtpSettings' }) });
    assert.equal(await smtp.getAttribute('open'), null);
    await smtp.locator('summary').click();
    const port = field(['emailSettings', 'smtpSettings', 'port']);
    await port.fill('25a');
    await port.press('Enter');
    assert.equal(await port.locator('xpath=..').locator('.field-problem').textContent(), 'port must be a whole number.');
    assert.equal(await port.getAttribute('aria-invalid'), 'true');
    await port.fill(' 587 ');
    await port.press('Enter');
    assert.equal(await port.getAttribute('aria-invalid'), 'false');
    const ssl = field(['emailSettings', 'smtpSettings', 'enableSsl']);
    assert.equal(await ssl.evaluate((element) => (element as HTMLInputElement).indeterminate), true, 'not set in the file');
    await ssl.check();
    assert.deepEqual(await takeDesignerMessages(page), [
      {
        type: 'graphEdit',
        version: 8,
        edit: { kind: 'setNodeSetting', node: mail.key, path: ['emailSettings', 'to'], value: ['a@x.test', 'b@x.test'] },
      },
      {
        type: 'graphEdit',
        version: 8,
        edit: { kind: 'setNodeSetting', node: mail.key, path: ['emailSettings', 'smtpSettings', 'port'], value: 587 },
      },
      {
        type: 'graphEdit',
        version: 8,
        edit: { kind: 'setNodeSetting', node: mail.key, path: ['emailSettings', 'smtpSettings', 'enableSsl'], value: true },
      },
    ]);
    // A node without a settings object shows none.
    await page.locator(`[data-node-key="${graph.nodes.find((node) => node.nodeId === 'talk')!.key}"]`).click();
    assert.equal(await panel.locator('.panel-settings').evaluate((element) => element.childElementCount), 0);
    await assertClean(page, pageErrors);
  });

  it('Fit shows every node beside the palette and the side panel, none under them', async () => {
    const clinic = fs.readFileSync(path.join(__dirname, '../../../../examples/clinic-reminders.pearl.json'), 'utf8');
    const graph = graphOf(clinic, 1);
    const { page, pageErrors } = await openDesigner(graph, clinic);
    // The API node selected (the panel shows its fields and settings), in panels as narrow as an editor
    // split in two (palette above the graph, panel below it) and wide ones (both beside it).
    const api = graph.nodes.find((node) => node.nodeId === 'submit_reschedule_request');
    assert.ok(api);
    await page.locator(`[data-node-key="${api.key}"]`).click();
    await page.locator('#node-panel input[name="name"]').waitFor();
    for (const size of [
      { width: 520, height: 800 },
      { width: 800, height: 600 },
      { width: 1400, height: 500 },
      { width: 1200, height: 760 },
    ]) {
      await page.setViewportSize(size);
      await page.locator('button[data-action="fit"]').click();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const covers = await page.evaluate(() => {
        const rects = ['palette', 'node-panel'].map((id) => [id, document.getElementById(id)!.getBoundingClientRect()] as const);
        const found: string[] = [];
        for (const node of Array.from(document.querySelectorAll('[data-node-key] > .node-box'))) {
          const box = node.getBoundingClientRect();
          for (const [id, rect] of rects) {
            if (box.left < rect.right && rect.left < box.right && box.top < rect.bottom && rect.top < box.bottom)
              found.push(`${node.parentElement!.dataset.nodeKey} under #${id}`);
          }
        }
        return { found, palette: rects[0][1].width, panel: rects[1][1].width, nodes: document.querySelectorAll('[data-node-key]').length };
      });
      assert.ok(covers.palette > 0 && covers.panel > 0, 'the palette and the panel are shown');
      assert.equal(covers.nodes, graph.nodes.length);
      assert.deepEqual(covers.found, [], `at ${size.width}×${size.height}`);
    }
    // The README's picture of the designer (docs/graph-designer.png).
    await page.screenshot({ path: path.join(__dirname, '../../../../docs/graph-designer.png') });
    // Panels off: the graph takes the whole row (and stays fitted); on again: both are back.
    const panels = page.locator('button[data-action="designer"]');
    assert.equal(await panels.getAttribute('aria-pressed'), 'true');
    await panels.click();
    assert.equal(await panels.getAttribute('aria-pressed'), 'false');
    assert.equal(await page.locator('#palette').isHidden(), true);
    assert.equal(await page.locator('#node-panel').isHidden(), true);
    await page.waitForFunction(() => document.getElementById('graph')!.getBoundingClientRect().width === window.innerWidth);
    await panels.click();
    await page.locator('#node-panel input[name="name"]').waitFor();
    assert.equal(await page.locator('#palette').isVisible(), true);
    await assertClean(page, pageErrors);
  });
  it('rename a transition: double-click its label, type, Enter sends renameTransition; the label shows the new name', async () => {
    const graph = graphOf(designerText, 3);
    const { page, pageErrors } = await openDesigner(graph, designerText);
    const bye = graph.edges.find((edge) => edge.name === 'Bye');
    assert.ok(bye);
    const label = page.locator(`[data-label-for="${bye.key}"]`);
    await label.dblclick();
    const input = page.locator('.transition-rename input[name="transitionName"]');
    await input.waitFor();
    assert.equal(await input.inputValue(), 'Bye');
    assert.equal(
      await input.evaluate((element) => [(element as HTMLInputElement).selectionStart, (element as HTMLInputElement).selectionEnd].join()),
      '0,3',
    );
    await takeDesignerMessages(page);
    // A name another transition of Open has: refused in the form, nothing sent.
    await input.fill('Wants <b>to</b> talk');
    await input.press('Enter');
    assert.match(await input.evaluate((element) => (element as HTMLInputElement).validationMessage), /unique within a node/);
    // Escape: nothing sent, the form gone.
    await input.press('Escape');
    assert.equal(await page.locator('.transition-rename').count(), 0);
    assert.deepEqual(await takeDesignerMessages(page), []);
    await label.dblclick();
    await input.fill('Says goodbye');
    await shot(page, '0-transition-rename-form');
    await input.press('Enter');
    assert.deepEqual(await peekEdits(page), [{ kind: 'renameTransition', transition: bye.key, name: 'Says goodbye' }]);
    const edited = await applySentEdits(page);
    assert.ok(edited.includes('{ "name": "Says goodbye", "toNodeId": "end" }'), edited);
    assert.equal(await page.locator(`[data-label-for="${bye.key}"] .edge-label-text`).textContent(), 'Says goodbye');
    // F2 on the selected transition opens the same form.
    await page.locator(`[data-label-for="${bye.key}"]`).click();
    await page.keyboard.press('F2');
    assert.equal(await input.inputValue(), 'Says goodbye');
    await input.press('Escape');
    assert.deepEqual(await peekEdits(page), []);
    await shot(page, '1-transition-renamed');
    await assertClean(page, pageErrors);
  });

  it('default transition names say where they lead: a palette add after a node draws "Go to Dialogue"', async () => {
    const graph = graphOf(designerText, 5);
    const { page, pageErrors } = await openDesigner(graph, designerText);
    const talk = graph.nodes.find((node) => node.nodeId === 'talk');
    assert.ok(talk);
    await page.locator(`[data-node-key="${talk.key}"]`).click();
    await takeDesignerMessages(page);
    await page.locator('.palette-item[data-node-type="10"]').click();
    await applySentEdits(page);
    // The new node is selected: an EndCall after it.
    await page.locator('.palette-item[data-node-type="100"]').click();
    const edited = await applySentEdits(page);
    assert.ok(edited.includes('{ "name": "Go to Dialogue", "toNodeId": "dialogue" }'), edited);
    assert.match(edited, /"name": "When the conversation is over",\s+"toNodeId": "endcall"/);
    // The full names (a label wraps a long one on several lines; its tooltip, written when it is pointed at, has it whole).
    for (const label of await page.locator('[data-label-for], [data-edge-key]').all()) await label.dispatchEvent('pointerover');
    const labels = await page.locator('[data-label-for] > title, [data-edge-key] > title').allTextContents();
    assert.ok(labels.includes('Go to Dialogue') && labels.includes('When the conversation is over'), labels.join(' | '));
    await shot(page, '2-default-transition-names');
    await assertClean(page, pageErrors);
  });

  it('retarget onto the transition\u2019s own node asks first: Cancel sends nothing, "Make it a loop" sends the retarget', async () => {
    const graph = graphOf(designerText, 4);
    const { page, pageErrors } = await openDesigner(graph, designerText);
    const bye = graph.edges.find((edge) => edge.name === 'Bye');
    const open = graph.nodes.find((node) => node.nodeId === 'open');
    assert.ok(bye && open);
    for (const answer of ['cancel', 'confirm']) {
      await page.locator(`[data-label-for="${bye.key}"]`).click();
      const handleBox = await page.locator(`.retarget-handle[data-handle-for="${bye.key}"]`).boundingBox();
      assert.ok(handleBox);
      await takeDesignerMessages(page);
      await drag(page, { x: handleBox.x + handleBox.width / 2, y: handleBox.y + handleBox.height / 2 }, await centreOf(page, open.key));
      const dialog = page.locator('.designer-dialog');
      await dialog.waitFor();
      assert.equal(await dialog.locator('h2').textContent(), 'Make "Bye" lead back to Open?');
      if (answer === 'confirm') await shot(page, '3-retarget-own-node-asks');
      await dialog.locator(`button[data-action="${answer}"]`).click();
      assert.deepEqual(
        await takeDesignerMessages(page),
        answer === 'cancel'
          ? []
          : [{ type: 'graphEdit', version: 4, edit: { kind: 'retargetTransition', transition: bye.key, target: open.key } }],
      );
    }
    await assertClean(page, pageErrors);
  });

  it('side panel: an API node\u2019s body, headers and outputBody take entries, and a field clears; the panel shows the edited file', async () => {
    const text = designerText.replace(
      '{ "nodeId": "end", "name": "End", "nodeType": 100 }',
      `{ "nodeId": "end", "name": "End", "nodeType": 100 },
      { "nodeId": "fetch", "name": "Fetch", "nodeType": 40, "apiSettings": { "name": "CRM", "method": 2, "endpointUrl": "https://crm.test", "body": [{ "key": "id", "type": 1, "value": "7" }] }, "transitions": [{ "name": "Done", "toNodeId": "end" }] }`,
    );
    const graph = graphOf(text, 2);
    const { page, pageErrors } = await openDesigner(graph, text);
    const fetch = graph.nodes.find((node) => node.nodeId === 'fetch');
    assert.ok(fetch);
    const panel = page.locator('#node-panel');
    const section = (label: string) => panel.locator('.panel-list', { has: page.locator('h4', { hasText: new RegExp(`^${label}\\b`) }) });
    await page.locator(`[data-node-key="${fetch.key}"]`).click();
    await section('body').locator('summary', { hasText: 'body 1' }).waitFor();
    await takeDesignerMessages(page);
    // 1. A body element, an outputBody element, a header named X-Token.
    // Each gesture applied before the next, as the editor does (an edit for an older version is refused).
    await section('body').locator('button.list-add').click();
    await applySentEdits(page);
    await section('outputBody').locator('button.list-add').click();
    await applySentEdits(page);
    await section('headers').locator('button.list-add').click();
    await section('headers').locator('input.entry-name').fill('X-Token');
    await section('headers').locator('input.entry-name').press('Enter');
    let edited = await applySentEdits(page);
    assert.ok(
      edited.includes('"body": [{ "key": "id", "type": 1, "value": "7" }, {}], "outputBody": [{}], "headers": { "X-Token": "" }'),
      edited,
    );
    await section('outputBody').locator('summary', { hasText: 'outputBody 1' }).waitFor();
    assert.deepEqual(await section('body').locator('summary').allTextContents(), ['body 1', 'body 2']);
    // 2. The header's value, the new body element's key; the endpoint cleared; body 1 removed.
    const header = panel.locator(`input[data-path='["apiSettings","headers","X-Token"]']`);
    await header.fill('secret');
    await header.press('Enter');
    await applySentEdits(page);
    const body2 = section('body').locator('details', { has: page.locator('summary', { hasText: 'body 2' }) });
    await body2.locator('summary').click();
    const key = body2.locator(`input[data-path='["apiSettings","body",1,"key"]']`);
    await key.fill('name');
    await key.press('Enter');
    await shot(page, '4-api-settings-entries');
    await applySentEdits(page);
    await panel.locator(`button.field-clear[data-target-path='["apiSettings","endpointUrl"]']`).click();
    assert.deepEqual(await peekEdits(page), [{ kind: 'clearNodeSetting', node: fetch.key, path: ['apiSettings', 'endpointUrl'] }]);
    await applySentEdits(page);
    await section('body').locator(`button.entry-remove[data-target-path='["apiSettings","body",0]']`).click();
    assert.deepEqual(await peekEdits(page), [{ kind: 'clearNodeSetting', node: fetch.key, path: ['apiSettings', 'body', 0] }]);
    edited = await applySentEdits(page);
    assert.ok(
      edited.includes(
        '"apiSettings": { "name": "CRM", "method": 2, "body": [{"key": "name"}], "outputBody": [{}], "headers": { "X-Token": "secret" } }',
      ),
      edited,
    );
    await panel.locator(`input[data-path='["apiSettings","endpointUrl"]']`).waitFor();
    assert.equal(await panel.locator(`input[data-path='["apiSettings","endpointUrl"]']`).inputValue(), '');
    assert.equal(await panel.locator(`button.field-clear[data-target-path='["apiSettings","endpointUrl"]']`).isHidden(), true);
    assert.deepEqual(await section('body').locator('summary').allTextContents(), ['body 1']);
    await shot(page, '5-api-settings-cleared');
    await assertClean(page, pageErrors);
  });

  it('Search selects the match (the side panel shows it); Focus frames the selected node with its neighbours', async () => {
    const clinic = fs.readFileSync(path.join(__dirname, '../../../../examples/clinic-reminders.pearl.json'), 'utf8');
    const graph = graphOf(clinic, 1);
    const { page, pageErrors } = await openDesigner(graph, clinic);
    const target = graph.nodes.find((node) => node.nodeId === 'submit_reschedule_request');
    assert.ok(target?.name);
    await page.locator('#search').fill(target.name);
    await page.locator(`[data-node-key="${target.key}"].selected`).waitFor({ state: 'attached' });
    assert.equal(await page.locator('#node-panel input[name="nodeId"]').inputValue(), 'submit_reschedule_request');
    await shot(page, '6-search-selects');
    // Zoomed far in on a corner, then Focus: the node and every neighbour inside the graph's box.
    await page.locator('#search').press('Escape');
    for (let i = 0; i < 6; i++) await page.locator('button[data-action="zoomIn"]').click();
    await page.getByRole('button', { name: 'Focus' }).click();
    const neighbours = new Set([target.key]);
    for (const edge of graph.edges) {
      if (edge.source === target.key) neighbours.add(edge.target);
      if (edge.target === target.key) neighbours.add(edge.source);
    }
    const outside = await page.evaluate(
      (keys) => {
        const area = document.getElementById('graph')?.getBoundingClientRect();
        return keys.filter((key) => {
          const box = document.querySelector(`[data-node-key="${key}"] > .node-box`)?.getBoundingClientRect();
          if (area === undefined || box === undefined) return true;
          return box.left < area.left || box.top < area.top || box.right > area.right || box.bottom > area.bottom;
        });
      },
      [...neighbours],
    );
    assert.deepEqual(outside, [], 'every neighbour is in view');
    await shot(page, '7-focus-frames-neighbours');
    await assertClean(page, pageErrors);
  });
});
