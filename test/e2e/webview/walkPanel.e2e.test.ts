/**
 * The walk panel of the graph preview page (issue 18) in chromium, with the page and fake webview
 * API of `previewPage.ts`. The graph is the clinic example's, from the real language service; the
 * test plays the host: it reads each `walk` message the page posts (the steps so far) and answers
 * with a WalkTrace fixture for those steps, then asserts what a user sees: the panel's text, the
 * transitions as buttons, the classes and colour of the path on the graph, Back and Restart, the
 * request and response forms, Send and Save as walk as messages to the host, the coverage toggle,
 * and hostile names and scripts from the file shown as text.
 *
 * Needs `node scripts/bundle.mjs` first. Skipped when /usr/bin/chromium is absent.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { HostMessage, WalkMessage, WebviewMessage } from '#protocol/graphPreviewMessages';
import type { PearlGraph } from '#protocol/pearlRequests';
import type { WalkFrame, WalkStep, WalkTrace, WalkVariable } from '#protocol/walkTypes';
import { getLanguageService } from '../../../server/src/service/pearlLanguageService';
import { waitFor } from '../../helpers/wait';
import { chromiumPath, type PageGlobals, usePreviewPages } from './previewPage';

const repoRoot = path.resolve(__dirname, '../../../..');
const clinicText = fs.readFileSync(path.join(repoRoot, 'examples/clinic-reminders.pearl.json'), 'utf8');
const screenshotPath = path.join(repoRoot, 'docs/walk-panel.png');
const service = getLanguageService();

function graphOf(text: string, version = 1): PearlGraph {
  const doc = service.parsePearlDocument(TextDocument.create('file:///work/clinic.pearl.json', 'pearl', version, text));
  return service.getGraph(doc, service.doValidation(doc));
}

const graph = graphOf(clinicText);
const lookupUrl = 'https://pms.brightsmiledental.com/api/v1/appointments/next?phone=+15550100&clinic=hartford';
const lookupBody = { patient: { firstName: 'Ana' }, appointment: { dentist: 'Dr Reyes', date: 'May 4', time: '10:30' } };

/** The clinic's variables as the engine lists them, with the values given. */
function variables(
  values: Readonly<Record<string, WalkVariable['source'] & object>> = {},
  known: Record<string, string> = {},
): WalkVariable[] {
  const declared: [string, number][] = [
    ['customer_phone', 1],
    ['patient_first_name', 1],
    ['dentist_name', 1],
    ['appointment_date', 1],
    ['appointment_time', 1],
    ['confirmation_status', 2],
    ['preferred_date', 2],
  ];
  return declared.map(([id, group]) => (known[id] === undefined ? { id, group } : { id, group, value: known[id], source: values[id] }));
}

/** A frame at node `key` of the clinic graph, with its choices from the graph's edges. */
function frame(key: string, reachedBy: number, extra: Partial<WalkFrame> = {}): WalkFrame {
  const node = graph.nodes.find((candidate) => candidate.key === key);
  assert.ok(node, `no node ${key}`);
  const choices = graph.edges
    .filter((edge) => edge.source === key)
    .map((edge) => ({ name: edge.name ?? '', edgeKey: edge.key, targetKey: edge.target, apiResult: edge.apiResult }));
  return {
    nodeKey: key,
    nodeId: node.nodeId,
    name: node.name,
    typeName: node.typeName,
    reachedBy,
    choices,
    variables: variables(),
    ...extra,
  };
}

const fromResponse = (field: string) => ({ kind: 'response', step: 0, nodeKey: 'n:0', field }) as const;
const afterResponse = variables(
  {
    customer_phone: { kind: 'variables' },
    patient_first_name: fromResponse('patient.firstName'),
    dentist_name: fromResponse('appointment.dentist'),
    appointment_date: fromResponse('appointment.date'),
    appointment_time: fromResponse('appointment.time'),
  },
  {
    customer_phone: '+15550100',
    patient_first_name: 'Ana',
    dentist_name: 'Dr Reyes',
    appointment_date: 'May 4',
    appointment_time: '10:30',
  },
);

const lookupRequest = {
  method: 'GET',
  url: { text: lookupUrl, unknown: [] },
  headers: { Accept: 'application/json' },
  unknown: [],
};

/**
 * The traces of the clinic walk, by the steps the page sent, as the engine gives them: the
 * PreCallAPI node's response takes its Success transition by itself (reachedBy is that step).
 */
function traceFor(steps: readonly WalkStep[]): WalkTrace {
  const entry = frame('n:0', -1, {
    instructions: { text: "Find the patient's next appointment from the phone number the conversation came from.", unknown: [] },
    request:
      steps.length === 0
        ? {
            ...lookupRequest,
            url: { text: lookupUrl.replace('+15550100', '{customer_phone}'), unknown: ['customer_phone'] },
            unknown: ['customer_phone'],
          }
        : lookupRequest,
    variables: steps.length === 0 ? variables() : afterResponse,
  });
  if (steps.length === 0) return { frames: [entry], ended: false, warnings: [] };
  const answered = { ...entry, response: { status: 200, body: lookupBody } };
  const greeting = frame('n:1', 0, {
    says: {
      text: 'Hi Ana, this is Mia from Bright Smile Dental. You have an appointment with Dr Reyes on May 4 at 10:30. Can you make it, or would you like to change it?',
      unknown: [],
    },
    instructions: { text: 'When the patient confirms, set {confirmation_status} to Confirmed.', unknown: ['confirmation_status'] },
    variables: afterResponse,
  });
  if (steps.length === 1) return { frames: [answered, greeting], ended: false, warnings: [] };
  const reschedule = frame('n:4', 1, {
    says: { text: 'Which day would suit you, {patient_first_name}?', unknown: [] },
    variables: afterResponse,
  });
  return { frames: [answered, greeting, reschedule], ended: false, warnings: [] };
}

describe('walk panel (chromium)', { skip: fs.existsSync(chromiumPath) ? false : `${chromiumPath} not found` }, () => {
  const pages = usePreviewPages();

  interface Opened {
    readonly page: Page;
    readonly dialogs: string[];
    readonly pageErrors: string[];
  }

  async function openPage(): Promise<Opened> {
    const context = await pages.browser.newContext({ viewport: { width: 1280, height: 820 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    const opened: Opened = { page, dialogs: [], pageErrors: [] };
    page.on('dialog', (dialog) => {
      opened.dialogs.push(dialog.message());
      void dialog.dismiss().catch(() => undefined);
    });
    page.on('pageerror', (error) => opened.pageErrors.push(error.message));
    await page.goto(`${pages.origin}/`);
    await waitForPosted(page, (message) => message.type === 'ready');
    await post(page, { type: 'graph', graph });
    await page.locator('#graph[data-render-count="1"]').waitFor({ state: 'attached' });
    return opened;
  }

  async function assertClean(opened: Opened): Promise<void> {
    const violations = await opened.page.evaluate(() => (globalThis as unknown as PageGlobals).__cspViolations);
    assert.deepEqual(violations, [], 'Content-Security-Policy violations');
    assert.deepEqual(opened.pageErrors, [], 'errors thrown in the page');
    assert.deepEqual(opened.dialogs, [], 'dialogs opened by the page');
    await opened.page.context().close();
  }

  async function post(page: Page, message: HostMessage): Promise<void> {
    await page.evaluate((data) => (globalThis as unknown as PageGlobals).postMessage(data, '*'), message);
  }

  async function posted(page: Page): Promise<WebviewMessage[]> {
    return page.evaluate(() => (globalThis as unknown as PageGlobals).__posted);
  }

  async function waitForPosted(page: Page, match: (message: WebviewMessage) => boolean, from = 0): Promise<WebviewMessage> {
    let all: WebviewMessage[] = [];
    const probe = async (): Promise<WebviewMessage | undefined> => (all = await posted(page)).slice(from).find(match);
    return waitFor('a matching message posted', probe, { timeoutMs: 10_000, intervalMs: 20, describeLast: () => JSON.stringify(all) });
  }

  /**
   * Waits for the page's next `walk` message (after the `from` messages already seen), asserts its
   * steps, and answers it with `trace` (by default the clinic fixture of those steps).
   */
  async function answerWalk(page: Page, from: number, steps: readonly WalkStep[], trace?: WalkTrace): Promise<WalkMessage> {
    const message = (await waitForPosted(page, (candidate) => candidate.type === 'walk', from)) as WalkMessage;
    assert.deepEqual(message.walk.steps, steps);
    await post(page, { type: 'walkTrace', seq: message.seq, trace: trace ?? traceFor(steps) });
    await page.locator('#walk-panel[aria-busy="false"]').waitFor({ state: 'attached' });
    return message;
  }

  async function count(page: Page): Promise<number> {
    return (await posted(page)).length;
  }

  async function classesOf(page: Page, selector: string): Promise<string> {
    return (await page.locator(selector).first().getAttribute('class')) ?? '';
  }

  const response200: WalkStep[] = [{ response: { status: 200, body: lookupBody } }];

  it('walks from the entry node: the request, a response entered, what is said, the transitions as buttons, the path on the graph', async () => {
    const opened = await openPage();
    const { page } = opened;
    let from = await count(page);
    await page.locator('button[data-action="walk"]').click();
    assert.equal(await page.locator('button[data-action="walk"]').getAttribute('aria-pressed'), 'true');
    await answerWalk(page, from, []);
    const panel = page.locator('#walk-panel');
    assert.equal(await panel.isVisible(), true);
    assert.equal(await page.locator('#node-panel').isVisible(), false, "the walk panel takes the node panel's place");
    assert.equal(await panel.locator('.walk-node h3 .walk-node-title').textContent(), 'Look up next appointment');
    assert.equal(await panel.locator('.walk-request-line').textContent(), `GET ${lookupUrl.replace('+15550100', '{customer_phone}')}`);
    assert.equal(await panel.locator('.walk-request-line .walk-unknown').textContent(), '{customer_phone}');
    assert.equal(await panel.locator('.walk-headers').textContent(), 'Acceptapplication/json');
    assert.match(await classesOf(page, '[data-node-key="n:0"]'), /\bwalk-current\b/);

    // A response entered by hand: a body that is not JSON is refused in the panel, then a good one is sent as a step.
    await panel.locator('textarea.walk-body').fill('{ not json');
    await panel.locator('button.walk-use-response').click();
    assert.match((await panel.locator('.walk-form-problem').textContent()) ?? '', /^The body is not JSON: /);
    from = await count(page);
    await panel.locator('textarea.walk-body').fill(JSON.stringify(lookupBody));
    await panel.locator('button.walk-use-response').click();
    await answerWalk(page, from, response200);
    assert.equal(await panel.locator('.walk-reached').textContent(), 'Reached by the response 200 of Look up next appointment (Success).');
    assert.equal(
      await panel.locator('tr[data-variable="dentist_name"] .walk-variable-source').textContent(),
      'response of Look up next appointment (appointment.dentist), step 1',
    );
    assert.equal(await panel.locator('tr[data-variable="preferred_date"] .walk-variable-value').textContent(), 'unknown');
    assert.deepEqual(await panel.locator('button.walk-choice').allTextContents(), [
      'Patient confirms the appointment',
      'Patient wants to reschedule',
      'Patient wants to cancel',
      'Patient has a general question',
      'Patient asks to talk to a person',
    ]);
    assert.match((await panel.locator('.walk-says .walk-text').textContent()) ?? '', /^Hi Ana, this is Mia/);
    assert.equal(await panel.locator('.walk-instructions .walk-unknown').textContent(), '{confirmation_status}');
    assert.deepEqual(await panel.locator('.walk-path-list li').allTextContents(), [
      'Look up next appointment',
      'Greeting with appointment',
    ]);
    // The graph: the path and the transition taken, the current node; nothing else.
    assert.match(await classesOf(page, '[data-node-key="n:1"]'), /\bwalk-current\b/);
    assert.match(await classesOf(page, '[data-node-key="n:0"]'), /\bwalk-path\b/);
    assert.doesNotMatch(await classesOf(page, '[data-node-key="n:0"]'), /\bwalk-current\b/);
    assert.match(await classesOf(page, '[data-edge-key="n:0>t:0"]'), /\bwalk-path\b/);
    assert.doesNotMatch(await classesOf(page, '[data-edge-key="n:0>t:1"]'), /\bwalk-path\b/);
    assert.deepEqual(
      await page
        .locator('g.viewport .walk-path[data-node-key]')
        .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-node-key'))),
      ['n:0', 'n:1'],
    );
    // What the user sees: the current node's outline and the transition taken in the walk colour (#11a8cd).
    const strokes = await page.evaluate(() => ({
      node: getComputedStyle(document.querySelector('[data-node-key="n:1"] > .node-box')!).stroke,
      edge: getComputedStyle(document.querySelector('[data-edge-key="n:0>t:0"] > .edge-path')!).stroke,
      other: getComputedStyle(document.querySelector('[data-edge-key="n:0>t:1"] > .edge-path')!).stroke,
    }));
    assert.deepEqual(strokes, { node: 'rgb(17, 168, 205)', edge: 'rgb(17, 168, 205)', other: strokes.other });
    assert.notEqual(strokes.other, 'rgb(17, 168, 205)');

    await page.screenshot({ path: screenshotPath });
    await assertClean(opened);
  });

  it('Back, Restart and the path list go back; the controls wait for each trace', async () => {
    const opened = await openPage();
    const { page } = opened;
    let from = await count(page);
    await page.locator('button[data-action="walk"]').click();
    await answerWalk(page, from, []);
    const panel = page.locator('#walk-panel');
    assert.equal(await panel.locator('button.walk-back').isDisabled(), true, 'nothing to go back from');
    from = await count(page);
    await panel.locator('textarea.walk-body').fill(JSON.stringify(lookupBody));
    await panel.locator('button.walk-use-response').click();
    await answerWalk(page, from, response200);
    from = await count(page);
    await panel.locator('button.walk-choice', { hasText: 'Patient wants to reschedule' }).click();
    const two: WalkStep[] = [...response200, { take: 'Patient wants to reschedule' }];
    const pending = (await waitForPosted(page, (message) => message.type === 'walk', from)) as WalkMessage;
    // While the trace is on its way, the transitions wait: a second click sends nothing.
    assert.equal(await panel.locator('button.walk-choice').first().isDisabled(), true);
    assert.deepEqual(pending.walk.steps, two);
    await post(page, { type: 'walkTrace', seq: pending.seq, trace: traceFor(two) });
    await page.locator('#walk-panel[aria-busy="false"]').waitFor({ state: 'attached' });
    assert.equal((await posted(page)).filter((message) => message.type === 'walk').length, 3, 'one walk message per step');
    assert.equal(await panel.locator('.walk-step-count').textContent(), '2 steps');
    assert.match(await classesOf(page, '[data-node-key="n:4"]'), /\bwalk-current\b/);
    // Rendered text: a known value as words, not marked.
    assert.equal(await panel.locator('.walk-says .walk-text').textContent(), 'Which day would suit you, {patient_first_name}?');
    assert.equal(await panel.locator('.walk-says .walk-unknown').count(), 0, 'a value the engine did not list as unknown is not marked');

    // An answer to an older walk is dropped.
    from = await count(page);
    await panel.locator('button.walk-back').click();
    const back = (await waitForPosted(page, (message) => message.type === 'walk', from)) as WalkMessage;
    assert.deepEqual(back.walk.steps, response200);
    await post(page, { type: 'walkTrace', seq: back.seq - 1, trace: traceFor(two) });
    await post(page, { type: 'walkTrace', seq: back.seq, trace: traceFor(response200) });
    await page.locator('#walk-panel[aria-busy="false"]').waitFor({ state: 'attached' });
    assert.match(await classesOf(page, '[data-node-key="n:1"]'), /\bwalk-current\b/);
    assert.doesNotMatch(await classesOf(page, '[data-node-key="n:4"]'), /\bwalk-path\b/, 'the node left by Back is no longer on the path');

    // The path list: the first node goes back to before the step that left it (its response).
    from = await count(page);
    await panel.locator('.walk-path-list button', { hasText: 'Look up next appointment' }).click();
    await answerWalk(page, from, []);
    assert.equal(await panel.locator('button.walk-restart').isDisabled(), true, 'nothing to restart');
    from = await count(page);
    await panel.locator('button.walk-send').waitFor();
    await panel.locator('textarea.walk-body').fill('{}');
    await panel.locator('button.walk-use-response').click();
    await answerWalk(page, from, [{ response: { status: 200, body: {} } }], traceFor(response200));
    from = await count(page);
    await panel.locator('button.walk-restart').click();
    await answerWalk(page, from, []);
    assert.match(await classesOf(page, '[data-node-key="n:0"]'), /\bwalk-current\b/);
    assert.equal(await page.locator('g.viewport .walk-path').count(), 1, 'after Restart only the entry node is on the path');

    // Closing the panel takes the marks off the graph.
    await panel.locator('button.walk-close').click();
    assert.equal(await panel.isVisible(), false);
    assert.equal(await page.locator('g.viewport .walk-path, g.viewport .walk-current').count(), 0);
    await assertClean(opened);
  });

  it('Send, Save as walk and Set become messages to the host; a value from the host becomes a step', async () => {
    const opened = await openPage();
    const { page } = opened;
    // "Pearl: Walk Conversation" from the host opens the panel.
    let from = await count(page);
    await post(page, { type: 'startWalk' });
    await answerWalk(page, from, []);
    const panel = page.locator('#walk-panel');

    from = await count(page);
    await panel.locator('button.walk-send').click();
    const send = await waitForPosted(page, (message) => message.type === 'sendWalkRequest', from);
    assert.deepEqual(send, { type: 'sendWalkRequest', seq: (send as { seq: number }).seq, walk: { variables: {}, steps: [] } });
    assert.equal(await panel.locator('button.walk-send').textContent(), 'Sending…');
    from = await count(page);
    await post(page, { type: 'walkRequestResult', seq: (send as { seq: number }).seq, response: { status: 200, body: lookupBody } });
    await answerWalk(page, from, response200);

    // A refusal is shown as text; a response to an older walk is not used.
    const current = (await posted(page)).filter((message): message is WalkMessage => message.type === 'walk').pop();
    assert.ok(current);
    await post(page, { type: 'walkRequestResult', seq: current.seq, message: 'Not sent.' });
    assert.equal(await panel.locator('.walk-notice').textContent(), 'Not sent.');
    await post(page, { type: 'walkRequestResult', seq: current.seq - 1, response: { status: 500 } });
    assert.equal(
      await panel.locator('.walk-notice').textContent(),
      'The walk changed while the request was sent: its response was not used.',
    );

    // Set: an InCall value is a step; a PreCall value is known before the conversation.
    from = await count(page);
    await panel.locator('select.walk-set-id').selectOption('confirmation_status');
    await panel.locator('input.walk-set-value').fill('Confirmed');
    await panel.locator('button.walk-set').click();
    await answerWalk(page, from, [...response200, { set: { confirmation_status: 'Confirmed' } }], traceFor(response200));
    from = await count(page);
    await panel.locator('select.walk-set-id').selectOption('customer_phone');
    await panel.locator('input.walk-set-value').fill('+15550100');
    await panel.locator('input.walk-set-value').press('Enter');
    const withPhone = (await waitForPosted(page, (message) => message.type === 'walk', from)) as WalkMessage;
    assert.deepEqual(withPhone.walk, {
      variables: { customer_phone: '+15550100' },
      steps: [...response200, { set: { confirmation_status: 'Confirmed' } }],
    });
    await post(page, { type: 'walkTrace', seq: withPhone.seq, trace: traceFor(response200) });

    from = await count(page);
    await panel.locator('button.walk-save').click();
    const save = await waitForPosted(page, (message) => message.type === 'saveWalk', from);
    assert.deepEqual(save, { type: 'saveWalk', walk: withPhone.walk });
    await post(page, { type: 'walkSaved', saved: true, text: 'Saved as "Finds the appointment" in clinic-reminders.walks.json.' });
    assert.equal(await panel.locator('.walk-notice').textContent(), 'Saved as "Finds the appointment" in clinic-reminders.walks.json.');

    // A new version of the document: the walk is asked for again.
    from = await count(page);
    await post(page, { type: 'graph', graph: graphOf(clinicText, 2) });
    const again = (await waitForPosted(page, (message) => message.type === 'walk', from)) as WalkMessage;
    assert.deepEqual(again.walk, withPhone.walk);
    await assertClean(opened);
  });

  it('shows a failed step, and the transitions the saved walks take', async () => {
    const opened = await openPage();
    const { page } = opened;
    let from = await count(page);
    await page.locator('button[data-action="walk"]').click();
    const failed: WalkTrace = {
      ...traceFor(response200),
      failure: { step: 1, message: 'The node has no transition named "Appointment gone".' },
    };
    await answerWalk(page, from, [], failed);
    const panel = page.locator('#walk-panel');
    await panel.locator('.walk-error').waitFor();
    assert.equal(
      await panel.locator('.walk-error').textContent(),
      'The walk stops at step 2: The node has no transition named "Appointment gone".',
    );
    assert.equal(await panel.locator('button.walk-save').isDisabled(), true, 'a failing walk is not saved');

    from = await count(page);
    await page.locator('button[data-action="coverage"]').click();
    await waitForPosted(page, (message) => message.type === 'requestWalkCoverage', from);
    await post(page, { type: 'walkCoverage', coverage: { covered: ['n:0>t:0', 'n:1>t:1'], walks: [] } });
    await page.locator('[data-edge-key="n:0>t:0"].walk-covered').waitFor({ state: 'attached' });
    assert.match(await classesOf(page, '[data-edge-key="n:1>t:1"]'), /\bwalk-covered\b/);
    assert.doesNotMatch(await classesOf(page, '[data-edge-key="n:0>t:1"]'), /\bwalk-covered\b/);
    assert.equal(await page.locator('button[data-action="coverage"]').textContent(), `Coverage 2/${graph.edges.length}`);
    const dashes = await page.evaluate(() => ({
      covered: getComputedStyle(document.querySelector('[data-edge-key="n:0>t:0"] > .edge-path')!).strokeDasharray,
      uncovered: getComputedStyle(document.querySelector('[data-edge-key="n:0>t:1"] > .edge-path')!).strokeDasharray,
    }));
    assert.deepEqual(dashes, { covered: 'none', uncovered: '6px, 5px' });
    await page.locator('button[data-action="coverage"]').click();
    assert.equal(await page.locator('.walk-covered').count(), 0);
    await assertClean(opened);
  });

  it('shows hostile names, scripts and response bodies as text', async () => {
    const opened = await openPage();
    const { page } = opened;
    const from = await count(page);
    await page.locator('button[data-action="walk"]').click();
    const hostile = '<img src=x onerror="window.__pwned=1">';
    const trace: WalkTrace = {
      frames: [
        {
          ...frame('n:0', -1),
          name: hostile,
          says: { text: `<script>window.__pwned=2</script> {${hostile}}`, unknown: [hostile] },
          request: { ...lookupRequest, headers: { [`X-${hostile}`]: hostile } },
          response: { status: 500, body: `<script>window.__pwned=3</script>` },
          choices: [{ name: `<b onmouseover="window.__pwned=4">${hostile}</b>`, edgeKey: 'n:0>t:0', targetKey: 'n:1', apiResult: 2 }],
          variables: [{ id: hostile, value: `<svg onload="window.__pwned=5">`, source: { kind: 'variables' } }],
        },
      ],
      ended: false,
      warnings: [{ step: 0, message: `${hostile} is not declared` }],
    };
    await answerWalk(page, from, [], trace);
    const panel = page.locator('#walk-panel');
    assert.equal(await panel.locator('.walk-says .walk-text').textContent(), `<script>window.__pwned=2</script> {${hostile}}`);
    assert.equal(await panel.locator('.walk-says .walk-unknown').textContent(), `{${hostile}}`);
    assert.equal(await panel.locator('button.walk-choice').textContent(), `<b onmouseover="window.__pwned=4">${hostile}</b>`);
    await panel.locator('button.walk-choice').hover();
    assert.equal(await panel.locator('.walk-response pre').textContent(), '<script>window.__pwned=3</script>');
    assert.equal(await panel.locator('.walk-warnings li').textContent(), `At step 1: ${hostile} is not declared`);
    assert.equal(await panel.locator('img, script, svg, b').count(), 0, 'no element made from the file');
    assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
    await assertClean(opened);
  });
});
