import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { type ApiCallOptions, getPearlSettings, updatePearl } from '../../client/src/api/pearlAccountApi';
import { createPearl } from '../../client/src/api/pearlApiClient';
import type { DeploymentRecord } from '../../client/src/deploy/deploymentStore';
import {
  comparableJson,
  guardUpdate,
  maxRecordedBodyBytes,
  openDiffButton,
  readAgainButton,
  recordOfSent,
  updateAnywayButton,
} from '../../client/src/deploy/liveCheck';
import { type StandIn, startStandIn } from '../standin/pearlServiceStandIn';

let standIn: StandIn;
let options: ApiCallOptions;

before(async () => {
  standIn = await startStandIn({ seed: false });
  options = { baseUrl: standIn.url, token: standIn.token, timeoutMs: 5000 };
});
after(() => standIn.close());

const fileBody = (openingSentence: string): string =>
  JSON.stringify({
    name: 'Front desk',
    pearl: { openingSentence, flowScript: 'Answer questions.', modelType: 1 },
    inbound: { phoneNumberId: 'phone-1', totalAgents: 1 },
  });

/** Deploys `body` as a new simple Pearl on the stand-in and returns the record Deploy keeps. */
async function deployNew(body: string): Promise<DeploymentRecord> {
  const created = await createPearl({ ...options, path: '/v2/Pearl', body });
  assert.ok(created.ok, JSON.stringify(created));
  return {
    uri: 'file:///w/desk.pearl.json',
    pearlId: created.pearlId,
    time: new Date(0).toISOString(),
    contentHash: 'h',
    baseUrl: standIn.url,
    name: 'Front desk',
    kind: 'simple',
    action: 'created',
    ...(await recordOfSent(body)),
  };
}

/** A change made on the service (the platform's interface), through the stand-in's control. */
async function changeLive(pearlId: string, changes: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${standIn.url}/__standin/pearls/${encodeURIComponent(pearlId)}/settings`, {
    method: 'POST',
    body: JSON.stringify(changes),
  });
  assert.equal(response.status, 200, await response.text());
}

async function liveOpeningSentence(pearlId: string): Promise<unknown> {
  const settings = await getPearlSettings({ ...options, pearlId });
  assert.ok(settings.ok);
  return (settings.settings.pearl as Record<string, unknown>).openingSentence;
}

/** What the user is asked, and the answer given. */
interface Asked {
  message: string;
  detail: string;
  buttons: string[];
}

/**
 * Deploy's "Update" as the command runs it: the check of the live settings, then PUT only when it
 * lets the update go on. `answer` is the button the user clicks in the question (undefined: Cancel).
 */
async function updateAgain(record: DeploymentRecord, body: string, answer?: string) {
  const asked: Asked[] = [];
  let diffOpened = 0;
  const guarded = await guardUpdate({
    record,
    label: `"Front desk" (${record.pearlId})`,
    options,
    ask: async (message, detail, ...buttons) => {
      asked.push({ message, detail, buttons });
      return answer;
    },
    openDiff: async () => diffOpened++,
  });
  const sent = guarded.proceed ? await updatePearl({ ...options, pearlId: record.pearlId, body }) : undefined;
  return { guarded, asked, diffOpened, sent };
}

describe('Update in place does not overwrite a change made on the service', () => {
  test('deploy, deploy again unchanged on the service: no question, the update is sent', async () => {
    const record = await deployNew(fileBody('Hello.'));
    const run = await updateAgain(record, fileBody('Hello again.'));
    assert.deepEqual(run.asked, []);
    assert.ok(run.sent?.ok);
    assert.equal(await liveOpeningSentence(record.pearlId), 'Hello again.');
  });

  test('deploy, change live, deploy again and cancel: asked, naming the change; nothing is overwritten', async () => {
    const record = await deployNew(fileBody('Hello.'));
    await changeLive(record.pearlId, {
      pearl: { openingSentence: 'Changed in the platform.', flowScript: 'Answer questions.', modelType: 1 },
    });
    const run = await updateAgain(record, fileBody('Hello again.'));
    assert.equal(run.asked.length, 1);
    const [question] = run.asked;
    assert.equal(
      question.message,
      `"Front desk" (${record.pearlId}) was changed on the service since this workspace deployed it. Update it anyway and lose those changes?`,
    );
    assert.deepEqual(question.buttons, [openDiffButton, updateAnywayButton]);
    assert.match(
      question.detail,
      /^Changed on the service since this workspace deployed it:\n {2}pearl\.openingSentence: changed on the service\n/,
    );
    assert.equal(run.sent, undefined);
    assert.deepEqual(run.guarded.proceed ? undefined : run.guarded.reason, 'live settings changed');
    assert.equal(await liveOpeningSentence(record.pearlId), 'Changed in the platform.');
  });

  test('Open Diff opens the comparison and sends nothing', async () => {
    const record = await deployNew(fileBody('Hello.'));
    await changeLive(record.pearlId, { name: 'Renamed in the platform' });
    const run = await updateAgain(record, fileBody('Hello again.'), openDiffButton);
    assert.equal(run.diffOpened, 1);
    assert.match(run.asked[0].detail, /\n {2}name: changed on the service\n/);
    assert.equal(run.sent, undefined);
    assert.equal(await liveOpeningSentence(record.pearlId), 'Hello.');
  });

  test('Update Anyway sends the file', async () => {
    const record = await deployNew(fileBody('Hello.'));
    await changeLive(record.pearlId, { variables: [{ id: 'city', name: 'City', group: 1 }] });
    const run = await updateAgain(record, fileBody('Hello again.'), updateAnywayButton);
    assert.match(run.asked[0].detail, /\n {2}variables: added on the service\n/);
    assert.ok(run.sent?.ok);
    assert.equal(await liveOpeningSentence(record.pearlId), 'Hello again.');
  });

  test('a deployment recorded by an earlier version (no record to compare): asked, since it cannot be told', async () => {
    const { settingsHash, settingsBody, ...old } = await deployNew(fileBody('Hello.'));
    const run = await updateAgain(old, fileBody('Hello again.'));
    assert.equal(run.asked.length, 1);
    assert.match(run.asked[0].message, /^Whether "Front desk" \(prl_\w+\) was changed on the service cannot be told\. Update anyway\?$/);
    assert.match(run.asked[0].detail, /recorded by an earlier version of the extension/);
    assert.equal(run.sent, undefined);
    assert.equal(await liveOpeningSentence(old.pearlId), 'Hello.');
  });

  test('the live settings cannot be read: said, and no update without Update Anyway', async () => {
    const record = await deployNew(fileBody('Hello.'));
    standIn.setFault('500');
    try {
      const run = await updateAgain(record, fileBody('Hello again.'));
      assert.equal(run.asked.length, 1);
      assert.match(run.asked[0].message, /could not be read, so whether they were changed on the service is not known/);
      assert.match(run.asked[0].detail, new RegExp(`^GET /v2/Pearl/${record.pearlId}/Settings failed: The service answered 500`));
      assert.deepEqual(run.asked[0].buttons, [readAgainButton, updateAnywayButton]);
      assert.equal(run.sent, undefined);
      assert.equal(run.guarded.proceed ? undefined : run.guarded.reason, 'live settings unknown');
    } finally {
      standIn.setFault('none');
    }
    assert.equal(await liveOpeningSentence(record.pearlId), 'Hello.');
  });

  test('Read Again after a failed read compares again: the service answers now and nothing changed, so the update goes on', async () => {
    const record = await deployNew(fileBody('Hello.'));
    standIn.setFault('500');
    const asked: string[] = [];
    const guarded = await guardUpdate({
      record,
      label: 'the Pearl',
      options,
      ask: async (message) => {
        asked.push(message);
        standIn.setFault('none');
        return readAgainButton;
      },
      openDiff: async () => undefined,
    });
    assert.equal(asked.length, 1);
    assert.deepEqual([guarded.proceed, guarded.check.state], [true, 'same']);
  });

  test('a deployment too large to keep a copy of: the hash still tells a change, without naming the fields', async () => {
    const long = 'x'.repeat(maxRecordedBodyBytes);
    const body = fileBody(long);
    const record = await deployNew(body);
    assert.equal(record.settingsBody, undefined);
    assert.ok(record.settingsHash);
    assert.deepEqual((await updateAgain(record, body)).asked, []);
    await changeLive(record.pearlId, { name: 'Renamed' });
    const run = await updateAgain(record, body);
    assert.match(run.asked[0].detail, /^The deployment is too large to keep a copy, so the changed fields cannot be named\./);
  });
});

describe('the comparison of the live settings with the deployed body', () => {
  test('key order and letter case, null, empty arrays and objects and the answer-only type do not count', () => {
    const sent = { name: 'Desk', pearl: { openingSentence: 'Hi', agents: [{ name: 'A', voiceId: 'v' }] }, inbound: { totalAgents: 1 } };
    const live = {
      Inbound: { TotalAgents: 1, callWebhookUrl: null },
      type: 1,
      variables: [],
      outbound: null,
      pearl: { agents: [{ voiceId: 'v', name: 'A' }], OpeningSentence: 'Hi', smsSettings: [] },
      name: 'Desk',
    };
    assert.equal(comparableJson(live), comparableJson(sent));
  });

  test('a changed value, an added field and an empty string count', () => {
    const sent = { name: 'Desk', pearl: { openingSentence: 'Hi' } };
    assert.notEqual(comparableJson({ ...sent, name: 'Desk 2' }), comparableJson(sent));
    assert.notEqual(comparableJson({ ...sent, pearl: { openingSentence: 'Hi', flowScript: '' } }), comparableJson(sent));
    assert.notEqual(comparableJson({ ...sent, pearl: { openingSentence: 'Hi', memory: false } }), comparableJson(sent));
  });
});
