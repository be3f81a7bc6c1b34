/**
 * The UI pass's check of the walk (issue 18): on a copy of the clinic example whose PreCallAPI
 * calls a test server on 127.0.0.1, "Pearl: Walk Conversation" opens the walk panel at the
 * PreCallAPI node; a PreCall value set in the panel fills its URL; **Send**, confirmed in VS Code's
 * modal dialog, sends the request from the extension host to the test server, and its response
 * takes the walk to the greeting with the values it mapped; transitions clicked to EndCall; **Save
 * as walk** writes the walks file beside the Pearl (its text read from disk); then a transition of
 * the Pearl renamed on disk makes the walks file report the step that takes it, in the Problems
 * panel. Screenshots of each stage.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { repositoryRoot } from './paths';
import type { RunFolder } from './runFolder';
import { pollUntil, type Workbench } from './workbench';

/** What the check needs from the UI pass. */
export interface WalkCheckContext {
  readonly workbench: Workbench;
  readonly run: RunFolder;
  readonly shot: (name: string) => Promise<void>;
}

const pearlRelative = 'walks/clinic.pearl.json';
const walksRelative = 'walks/clinic.walks.json';
const lookupBody = { patient: { firstName: 'Ana' }, appointment: { dentist: 'Dr Reyes', date: 'May 4', time: '10:30' } };

/** A server on 127.0.0.1 answering the appointment lookup; records the requests' paths. */
async function startLookupServer(): Promise<{ server: http.Server; origin: string; paths: string[] }> {
  const paths: string[] = [];
  const server = http.createServer((request, response) => {
    paths.push(request.url ?? '');
    if ((request.url ?? '').startsWith('/api/v1/appointments/next'))
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(lookupBody));
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, paths };
}

/** The check's body (run inside the UI pass's `check`); throws on failure. */
export async function checkWalk(context: WalkCheckContext): Promise<void> {
  const lookup = await startLookupServer();
  try {
    await walkAndSave(context, lookup);
  } finally {
    lookup.server.closeAllConnections();
    await new Promise<void>((resolve) => lookup.server.close(() => resolve()));
  }
}

async function walkAndSave(context: WalkCheckContext, lookup: { origin: string; paths: string[] }): Promise<void> {
  const { workbench, run, shot } = context;
  const page = workbench.page;
  const example = fs.readFileSync(path.join(repositoryRoot, 'examples/clinic-reminders.pearl.json'), 'utf8');
  const remote = 'https://pms.brightsmiledental.com/api/v1/appointments/next';
  assert.ok(example.includes(remote), 'the clinic example no longer calls the appointment lookup');
  const pearlFile = path.join(run.workspace, pearlRelative);
  const walksFile = path.join(run.workspace, walksRelative);
  fs.mkdirSync(path.dirname(pearlFile), { recursive: true });
  fs.rmSync(walksFile, { force: true });
  const pearlText = example.replace(remote, `${lookup.origin}/api/v1/appointments/next`);
  fs.writeFileSync(pearlFile, pearlText);

  await workbench.runCommand('View: Close All Editors');
  await workbench.openFile(pearlRelative);
  await workbench.runCommand('Pearl: Walk Conversation');
  const panel = workbench.webviewContent().locator('#walk-panel');
  const requestLine = panel.locator('.walk-request-line');
  await pollUntil('the walk panel at the PreCallAPI node, its URL waiting for {customer_phone}', async () =>
    ((await requestLine.textContent({ timeout: 1000 }).catch(() => '')) ?? '').includes('phone={customer_phone}'),
  );

  // A PreCall value set in the panel fills the URL.
  await panel.locator('select.walk-set-id').selectOption('customer_phone');
  await panel.locator('input.walk-set-value').fill('+15550100');
  await panel.locator('button.walk-set').click();
  const url = `${lookup.origin}/api/v1/appointments/next?phone=+15550100&clinic=hartford`;
  await pollUntil(
    'the URL with the phone number',
    async () => (await requestLine.textContent({ timeout: 1000 }).catch(() => '')) === `GET ${url}`,
  );
  await shot('walk-1-precall');

  // Send: VS Code's modal names the method and URL; the host sends it to the test server.
  await panel.locator('button.walk-send').click();
  const dialog = await workbench.dialog();
  const question = (await dialog.textContent()) ?? '';
  assert.ok(question.includes(`Send GET ${url}?`), `the confirmation does not name the request: ${question}`);
  await shot('walk-2-send-confirmation');
  await dialog.locator('.monaco-button', { hasText: /^Send$/ }).click();
  await pollUntil(
    'the test server to get the lookup',
    () => lookup.paths.includes('/api/v1/appointments/next?phone=+15550100&clinic=hartford'),
    {
      describeLast: () => JSON.stringify(lookup.paths),
    },
  );
  const says = panel.locator('.walk-says .walk-text');
  await pollUntil('the greeting, with the values the response mapped', async () =>
    ((await says.textContent({ timeout: 1000 }).catch(() => '')) ?? '').startsWith(
      'Hi Ana, this is Mia from Bright Smile Dental. You have an appointment with Dr Reyes on May 4 at 10:30.',
    ),
  );
  await shot('walk-3-greeting');

  // To EndCall by the transitions' buttons.
  for (const name of ['Patient confirms the appointment', 'Confirmation sent', 'Patient has nothing else']) {
    const choice = panel.locator('button.walk-choice', { hasText: name });
    await choice.waitFor({ timeout: 20_000 });
    await pollUntil(`"${name}" to be enabled`, () => choice.isEnabled());
    await choice.click();
  }
  await panel.locator('.walk-choices .walk-note', { hasText: 'The conversation ends here.' }).waitFor({ timeout: 20_000 });
  await shot('walk-4-ended');

  // Save as walk: a name in the input box, the walks file written beside the Pearl.
  await panel.locator('button.walk-save').click();
  const input = await workbench.quickInput();
  await input.fill('Confirms the appointment');
  await page.keyboard.press('Enter');
  const expected = {
    pearl: 'clinic.pearl.json',
    walks: [
      {
        name: 'Confirms the appointment',
        variables: { customer_phone: '+15550100' },
        steps: [
          { response: { status: 200, body: lookupBody } },
          { take: 'Patient confirms the appointment' },
          { take: 'Confirmation sent' },
          { take: 'Patient has nothing else' },
        ],
        end: true,
      },
    ],
  };
  let saved = '';
  await pollUntil(
    'the walks file on disk',
    () => {
      saved = fs.existsSync(walksFile) ? fs.readFileSync(walksFile, 'utf8') : '';
      try {
        assert.deepEqual(JSON.parse(saved), expected);
        return true;
      } catch {
        return false;
      }
    },
    { describeLast: () => saved },
  );
  await panel
    .locator('.walk-notice', { hasText: 'Saved as "Confirms the appointment" in clinic.walks.json.' })
    .waitFor({ timeout: 20_000 });
  await shot('walk-5-saved');

  // The Pearl's transition renamed: the walks file reports the step that takes it.
  fs.writeFileSync(pearlFile, pearlText.replace('"name": "Confirmation sent"', '"name": "Confirmation texted"'));
  await workbench.openFile(walksRelative);
  const line = saved.split('\n').findIndex((text) => text.includes('{ "take": "Confirmation sent" }')) + 1;
  assert.ok(line > 0, `the saved walk has no step taking "Confirmation sent":\n${saved}`);
  await workbench.showProblems();
  await workbench.filterProblems('Confirmation sent');
  let rows: string[] = [];
  await pollUntil(
    `a problem on the walks file's step at line ${line}`,
    async () => {
      rows = await workbench.problemsRows();
      return rows.some((row) => row.includes('Confirmation sent') && row.includes(`at line ${line} `));
    },
    { timeoutMs: 60_000, describeLast: () => JSON.stringify(rows, null, 1) },
  );
  await shot('walk-6-broken-problems');
  await workbench.filterProblems('');
  await workbench.hidePanel();
}
