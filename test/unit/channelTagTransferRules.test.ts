import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { Diagnostic } from 'vscode-languageserver-types';
import { validateChannelRules } from '../../server/src/service/rules/fieldRules/channelRules';
import { validateIndicatorTagRules } from '../../server/src/service/rules/fieldRules/indicatorTagRules';
import { FieldRule } from '../../server/src/service/rules/fieldRules/ruleSupport';
import { validateTimeZoneRules } from '../../server/src/service/rules/fieldRules/timeZoneRules';
import { transferCallRules } from '../../server/src/service/rules/fieldRules/transferCallRules';
import { checkModule } from '../../server/src/service/rules/keptDiagnostics';
import { validateVariableDeclarationRules } from '../../server/src/service/rules/fieldRules/variableDeclarationRules';
import { actionsFor, apply, find, valueOf } from '../helpers/codeActions';
import { Json, parse, service } from '../helpers/documents';
import { positionOf, rangeAt, rangeOf, valueRange } from '../helpers/text';

// The channel, indicator tag, variable declaration, transfer trigger and time-zone rules read the
// parsed value (the transfer trigger rules through the structural model of keptDiagnostics.ts): on
// strict JSON they report exactly where the text says, without a syntax tree.

/** In the order the service runs them (ruleModules, diagnosticCodes.ts). */
const rules: readonly FieldRule[] = [
  validateChannelRules,
  validateIndicatorTagRules,
  validateVariableDeclarationRules,
  (doc, diagnostics) => checkModule(transferCallRules, doc, diagnostics),
  validateTimeZoneRules,
];

const ruleCodes = new Set([
  'channel-missing',
  'channel-both',
  'text-channel-id-missing',
  'label-id-duplicate',
  'label-color-duplicate',
  'label-id-unknown',
  'variable-id-duplicate',
  'variable-postcall-declared',
  'transfer-trigger-missing',
  'transfer-trigger-not-allowed',
  'time-zone',
]);

/** What a user sees of a diagnostic. */
function shown(diagnostic: Diagnostic): Json {
  return { code: diagnostic.code, range: diagnostic.range, message: diagnostic.message, data: diagnostic.data };
}

/** Runs the five rules on `content`, asserting that no syntax tree was built; then doValidation, asserting the same diagnostics. */
function validate(content: string): Json[] {
  const doc = parse(content);
  const diagnostics: Diagnostic[] = [];
  for (const rule of rules) rule(doc, diagnostics);
  assert.equal(doc.hasSyntaxTree, false, 'the rules built the syntax tree');
  const full = service.doValidation(parse(content)).filter((diagnostic) => ruleCodes.has(String(diagnostic.code)));
  assert.deepEqual(full.map(shown), diagnostics.map(shown));
  return diagnostics.map(shown);
}

/** The 1-based line of the `occurrence`-th match of `needle`. */
function lineOf(content: string, needle: string, occurrence = 0): number {
  return positionOf(content, needle, 0, occurrence).line + 1;
}

const textRequest = JSON.stringify(
  {
    name: 'Rules',
    pearl: {
      agentName: 'Ada',
      modelType: 11,
      timeZone: 'America/New_York',
      indicatorTags: [{ id: 'Book', name: 'Booked', color: 1 }, 'not a tag', { id: 'Book', name: 'Again', color: 1 }],
      nodes: [
        { nodeId: 'open', name: 'Open', nodeType: 2, transitions: [{ name: 'human', toNodeId: 'wired' }] },
        { nodeId: 'wired', name: 'Wired', nodeType: 60, transferCallSettings: { triggerDescription: 'Caller asks for a human' } },
        { nodeId: 'lonely', name: 'Lonely', nodeType: 60, transferCallSettings: { transferCallPhoneNumber: '+15550100' } },
      ],
    },
    variables: [
      { id: 'order', name: 'Order', group: 1, type: 1 },
      { id: 'order', name: 'Order again', group: 3, type: 1 },
    ],
    inbound: { totalAgents: 1, textChannelId: null },
    outbound: { totalAgents: 1, timeZone: 'Mars Standard Time' },
  },
  null,
  2,
);

test('value-read field rules: a text Pearl gets every diagnostic at its place, without a syntax tree', () => {
  const content = textRequest;
  const reason = 'a text Pearl is created with the textChannelId of the channel to use.';
  assert.deepEqual(validate(content), [
    {
      code: 'channel-both',
      range: rangeOf(content, '"outbound"'),
      message: "'outbound' is set together with 'inbound': a Pearl carries exactly one channel configuration; remove one of them.",
      data: undefined,
    },
    {
      code: 'text-channel-id-missing',
      range: valueRange(content, '"textChannelId": null'),
      message: `textChannelId is null: ${reason}`,
      data: undefined,
    },
    {
      code: 'text-channel-id-missing',
      range: rangeOf(content, '"outbound"'),
      message: `'outbound' has no textChannelId: ${reason}`,
      data: undefined,
    },
    {
      code: 'label-id-duplicate',
      range: valueRange(content, '"id": "Book"', 1),
      message: `Indicator tag id 'Book' is already used by the tag on line ${lineOf(content, '"id": "Book"') - 1}: ids must be unique among the tags.`,
      data: undefined,
    },
    {
      code: 'label-color-duplicate',
      range: valueRange(content, '"color": 1', 1),
      message: `color 1 is already used by tag 'Book' on line ${lineOf(content, '"id": "Book"') - 1}: colors must be unique across the tags.`,
      data: undefined,
    },
    {
      code: 'variable-id-duplicate',
      range: valueRange(content, '"id": "order"', 1),
      message: `Variable id 'order' is already declared on line ${lineOf(content, '"id": "order"') - 1}: ids must be unique.`,
      data: undefined,
    },
    {
      code: 'variable-postcall-declared',
      range: valueRange(content, '"group": 3'),
      message: 'group 3 (PostCall) variables are generated by the platform and cannot be created through the API.',
      data: undefined,
    },
    {
      code: 'transfer-trigger-not-allowed',
      range: rangeOf(content, '"triggerDescription"'),
      message:
        "TransferCall node 'wired' is reached by transitions, so its triggerDescription is not allowed (only an unwired TransferCall node is fired from its triggerDescription).",
      data: undefined,
    },
    {
      code: 'transfer-trigger-missing',
      range: rangeOf(content, '"transferCallSettings"', 1),
      message:
        "TransferCall node 'lonely' has no incoming transition, so its transferCallSettings needs a triggerDescription: the agent fires it from that description.",
      data: undefined,
    },
    {
      code: 'time-zone',
      range: valueRange(content, '"timeZone": "America/New_York"'),
      message: "timeZone 'America/New_York' is an IANA id; the service takes Windows time-zone ids: 'Eastern Standard Time'.",
      data: { path: ['pearl', 'timeZone'], value: 'America/New_York', replacement: 'Eastern Standard Time' },
    },
    {
      code: 'time-zone',
      range: valueRange(content, '"timeZone": "Mars Standard Time"'),
      message:
        "timeZone 'Mars Standard Time' is not a Windows time-zone id (standard-time-name form, such as 'Eastern Standard Time' or 'GMT Standard Time').",
      data: undefined,
    },
  ]);
});

test('value-read field rules: a simple Pearl gets every diagnostic at its place, without a syntax tree', () => {
  const content = JSON.stringify(
    {
      name: 'Rules',
      pearl: {
        agents: [{ name: 'Sam', voiceId: 'v1' }],
        openingSentence: 'Hi',
        timeZone: 'eastern standard time',
        indicatorTags: [{ id: 'Book', name: 'Booked', color: 1 }],
        notifications: [{ indicatorTagsIds: ['Book', 'Lost'] }],
        transferCallSettings: [7, { transferCallPhoneNumber: '+15550100' }, { isWhisper: true }],
      },
    },
    null,
    2,
  );
  const brace = content.lastIndexOf('{', content.indexOf('"isWhisper"'));
  assert.deepEqual(validate(content), [
    {
      code: 'channel-missing',
      range: rangeAt(content, 0, 1),
      message: "The request has neither 'inbound' nor 'outbound': it must carry exactly one of them.",
      data: undefined,
    },
    {
      code: 'label-id-unknown',
      range: rangeOf(content, '"Lost"'),
      message: "indicatorTagsIds 'Lost' names no tag defined in pearl.indicatorTags.",
      data: undefined,
    },
    {
      code: 'transfer-trigger-missing',
      range: rangeOf(content, '"+15550100"'),
      message: 'transferCallSettings[1] needs a triggerDescription (required in a simple Pearl): it tells the agent when to transfer.',
      data: undefined,
    },
    {
      code: 'transfer-trigger-missing',
      range: rangeAt(content, brace, 1),
      message: 'transferCallSettings[2] needs a triggerDescription (required in a simple Pearl): it tells the agent when to transfer.',
      data: undefined,
    },
    {
      code: 'time-zone',
      range: valueRange(content, '"timeZone": "eastern standard time"'),
      message: "timeZone 'eastern standard time' is not a Windows time-zone id; did you mean 'Eastern Standard Time'?",
      data: { path: ['pearl', 'timeZone'], value: 'eastern standard time', replacement: 'Eastern Standard Time' },
    },
  ]);
});

test('value-read field rules: the time-zone quick fix uses the replacement the rule attached', () => {
  const { actions } = actionsFor(textRequest, 'time-zone');
  const fixed = apply(textRequest, find(actions, "Use 'Eastern Standard Time'"));
  assert.equal((valueOf(fixed) as { pearl: Json }).pearl.timeZone, 'Eastern Standard Time');
});
