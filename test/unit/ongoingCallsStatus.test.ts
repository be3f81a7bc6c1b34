import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import {
  formatCounts,
  ongoingCallsMenuCommand,
  renderStatus,
  setApiTokenCommand,
  warningBackgroundColorId,
} from '../../client/src/ongoingCalls/ongoingCallsStatus';
import { plainText } from '../../client/src/userText';
import { assertRendersLiterally, hostileStrings } from '../helpers/markdown';

const updatedAt = Date.UTC(2025, 0, 2, 9, 30, 15);
const formatTime = (epochMs: number): string => new Date(epochMs).toISOString().slice(11, 19);
const details = { baseUrl: 'https://api.nlpearl.ai', pearlName: 'Front desk', fileName: 'agents/front.pearl.json', formatTime };

describe('renderStatus', () => {
  test('ok with a queue: `3 ongoing · 1 queued`, the menu on click, no background', () => {
    const status = renderStatus({ kind: 'ok', pearlId: 'pearl-1', totalOngoingCalls: 3, totalOnQueue: 1, updatedAt }, details);
    assert.equal(status.visible, true);
    assert.equal(status.text, '$(call-incoming) 3 ongoing · 1 queued');
    assert.equal(status.command, ongoingCallsMenuCommand);
    assert.equal(status.command, 'pearl.ongoingCallsMenu');
    assert.equal(status.backgroundColorId, undefined);
  });

  test('ok without a queue: `0 ongoing`; a reported queue of 0 is shown', () => {
    assert.equal(renderStatus({ kind: 'ok', pearlId: 'p', totalOngoingCalls: 0, updatedAt }).text, '$(call-incoming) 0 ongoing');
    assert.equal(
      renderStatus({ kind: 'ok', pearlId: 'p', totalOngoingCalls: 0, totalOnQueue: 0, updatedAt }).text,
      '$(call-incoming) 0 ongoing · 0 queued',
    );
    assert.equal(formatCounts({ totalOngoingCalls: 12 }), '12 ongoing');
  });

  test('the tooltip names the Pearl id, its name and file, the service host and the update time', () => {
    const { tooltip } = renderStatus({ kind: 'ok', pearlId: 'pearl-1', totalOngoingCalls: 3, totalOnQueue: 1, updatedAt }, details);
    assert.match(tooltip, /`pearl-1`/);
    assert.match(tooltip, /`api\.nlpearl\.ai`/);
    for (const shown of ['Front desk', 'Deployed from agents/front.pearl.json', 'Updated at 09:30:15', '3 ongoing calls, 1 on queue'])
      assertRendersLiterally(tooltip, shown);
  });

  test('the default time format is the local time of day', () => {
    const { tooltip } = renderStatus({ kind: 'ok', pearlId: 'pearl-1', totalOngoingCalls: 1, updatedAt });
    assertRendersLiterally(tooltip, `Updated at ${new Date(updatedAt).toLocaleTimeString()}`);
    assert.ok(tooltip.includes('`pearl-1`'), tooltip);
  });

  test('a name with Markdown syntax is escaped; an id with backticks stays a code span', () => {
    const { tooltip } = renderStatus(
      { kind: 'ok', pearlId: 'a`b', totalOngoingCalls: 1, updatedAt },
      { pearlName: '*Sales* [x](command:evil) $(zap)', formatTime },
    );
    assert.ok(tooltip.includes('``a`b``'), tooltip);
    assert.ok(tooltip.includes('\\*Sales\\* \\[x\\]\u200b\\(command\\:evil\\) \\$\u200b\\(zap\\)'), tooltip);
  });

  test('a hostile name, file and service message reach the tooltip as plain text: no link, entity, emphasis, icon, line break or bidi', () => {
    const hostile = [
      ...hostileStrings,
      '[x](command:workbench.action.quit)',
      '1. first &amp; https://evil.test www.evil.test',
      'right\u202eleft\u2028next',
    ];
    for (const text of hostile) {
      const status = renderStatus(
        { kind: 'failing', pearlId: 'pearl-1', message: text, failureKind: 'http', nextAttemptAt: updatedAt },
        { pearlName: text, fileName: text, formatTime },
      );
      assertRendersLiterally(status.tooltip, plainText(text));
      assert.doesNotMatch(status.tooltip, /\u202e|\u2028/);
    }
  });

  test('failing: warning text and background, the kind, message, status and next attempt in the tooltip', () => {
    const status = renderStatus(
      {
        kind: 'failing',
        pearlId: 'pearl-1',
        message: 'The service answered 503.',
        failureKind: 'http',
        status: 503,
        nextAttemptAt: updatedAt + 20_000,
        lastOk: { totalOngoingCalls: 2, totalOnQueue: 1, updatedAt },
      },
      details,
    );
    assert.equal(status.text, '$(warning) Pearl calls: failing');
    assert.equal(status.backgroundColorId, warningBackgroundColorId);
    assert.equal(status.backgroundColorId, 'statusBarItem.warningBackground');
    assert.equal(status.command, ongoingCallsMenuCommand);
    assert.match(status.tooltip, /`http`, HTTP 503/);
    for (const shown of ['The service answered 503.', 'Next attempt at 09:30:35', 'Last value: 2 ongoing · 1 queued, updated at 09:30:15'])
      assertRendersLiterally(status.tooltip, shown);
    assert.match(status.tooltip, /`pearl-1`/);
  });

  test('noToken: `$(key) Pearl: set token`, the set-token command, no background', () => {
    const status = renderStatus({ kind: 'noToken', pearlId: 'pearl-1' }, details);
    assert.equal(status.text, '$(key) Pearl: set token');
    assert.equal(status.command, setApiTokenCommand);
    assert.equal(status.command, 'pearl.setApiToken');
    assert.equal(status.backgroundColorId, undefined);
    assert.match(status.tooltip, /No Pearl API token/);
    assert.match(status.tooltip, /`pearl-1`/);
  });

  test('unauthorized: token refused, warning background, the set-token command', () => {
    const status = renderStatus({ kind: 'unauthorized', pearlId: 'pearl-1', status: 401 }, details);
    assert.equal(status.text, '$(key) Pearl: token refused');
    assert.equal(status.command, setApiTokenCommand);
    assert.equal(status.backgroundColorId, warningBackgroundColorId);
    assert.match(status.tooltip, /refused the API token \(HTTP 401\)/);
  });

  test('notFound: says in plain words that the id names no Pearl and that polling stopped; the menu on click', () => {
    const status = renderStatus({ kind: 'notFound', pearlId: 'pearl-9', status: 404 }, details);
    assert.equal(status.text, '$(circle-slash) Pearl: not found');
    assert.equal(status.command, ongoingCallsMenuCommand);
    assert.equal(status.backgroundColorId, warningBackgroundColorId);
    assert.match(status.tooltip, /`pearl-9`/);
    assert.match(status.tooltip, /The service has no Pearl with this id \(HTTP 404\), so its ongoing calls are no longer read\./);
    assert.match(status.tooltip, /Click to watch another id, or to refresh if the Pearl should exist\./);
  });

  test('loading shows a spinner; idle is hidden', () => {
    const loading = renderStatus({ kind: 'loading', pearlId: 'pearl-1' }, details);
    assert.equal(loading.visible, true);
    assert.equal(loading.text, '$(sync~spin) Pearl calls');
    assert.equal(loading.command, ongoingCallsMenuCommand);
    assert.equal(renderStatus({ kind: 'idle' }).visible, false);
  });
});
