import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { createButton, deployChoices } from '../../client/src/deploy/deployPlan';
import {
  describeDeploy,
  formatSize,
  largeBodyBytes,
  largeBodyQuestion,
  maxDroppedKeysShown,
} from '../../client/src/deploy/deployConfirmation';
import type { DeployPayload } from '#protocol/pearlRequests';

function payload(overrides: Partial<DeployPayload> = {}): DeployPayload {
  return {
    kind: 'text',
    path: '/v2/Pearl/Text',
    body: '{"name":"Front desk"}',
    name: 'Front desk',
    direction: 'inbound',
    channelId: 'channel-1',
    errors: [],
    placeholders: [],
    droppedKeys: [],
    version: 1,
    ...overrides,
  };
}

function detailOf(value: DeployPayload): string[] {
  return describeDeploy(value, 'https://api.nlpearl.ai', 'hash', undefined, false, deployChoices(value.kind, undefined)).detail.split('\n');
}

describe('the deploy confirmation', () => {
  test('names each key whose earlier value is dropped, as the server names it', () => {
    const lines = detailOf(payload({ droppedKeys: ["name of Dialogue node 'menu'", 'inbound.totalAgents'] }));
    const at = lines.indexOf('2 keys are written more than once; only the last value of each is sent, the earlier values are dropped:');
    assert.ok(at > 0, lines.join('\n'));
    assert.deepEqual(lines.slice(at + 1), ["  name of Dialogue node 'menu'", '  inbound.totalAgents']);
  });

  test('one key: singular; many: the first ten, then how many more', () => {
    assert.ok(
      detailOf(payload({ droppedKeys: ['name'] })).includes(
        'A key is written more than once; only the last value of each is sent, the earlier value is dropped:',
      ),
    );
    const keys = Array.from({ length: 13 }, (_, i) => `name of Dialogue node 'step_${i}'`);
    const lines = detailOf(payload({ droppedKeys: keys }));
    assert.equal(lines.filter((line) => line.startsWith('  name of Dialogue node')).length, maxDroppedKeysShown);
    assert.equal(lines.at(-1), '  and 3 more (see the duplicate-key warnings)');
  });

  test('no dropped key: no such paragraph; the size of the body is shown', () => {
    const lines = detailOf(payload());
    assert.ok(!lines.some((line) => /written more than once/.test(line)), lines.join('\n'));
    assert.ok(lines.includes('Size: 21 bytes'), lines.join('\n'));
    assert.deepEqual(deployChoices('text', undefined), [{ action: 'create', button: createButton }]);
  });
});

describe('a body over 5 MB', () => {
  test('is sent only after a question that says its size', () => {
    assert.equal(largeBodyQuestion(largeBodyBytes), undefined);
    const question = largeBodyQuestion(5_300_000);
    assert.equal(question?.message, 'The request body is 5.3 MB, more than 5 MB. Send it anyway?');
    assert.equal(question?.button, 'Continue');
  });

  test('sizes in decimal units', () => {
    assert.deepEqual([1, 999, 12_345, 5_000_001, 250_000_000].map(formatSize), ['1 byte', '999 bytes', '12.3 kB', '5 MB', '250 MB']);
  });
});
