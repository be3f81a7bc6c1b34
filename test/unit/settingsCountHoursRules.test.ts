import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { Diagnostic, Range } from 'vscode-languageserver-types';
import { apiSettingsRules } from '../../server/src/service/rules/fieldRules/apiSettingsRules';
import { validateCallingHoursRules } from '../../server/src/service/rules/fieldRules/callingHoursRules';
import { countRules } from '../../server/src/service/rules/fieldRules/countRules';
import { nodeSettingsRules } from '../../server/src/service/rules/fieldRules/nodeSettingsRules';
import { checkModule } from '../../server/src/service/rules/keptDiagnostics';
import { FieldRule } from '../../server/src/service/rules/fieldRules/ruleSupport';
import { PearlDocument } from '../../server/src/service/document/pearlDocument';
import { parse, service } from '../helpers/documents';
import { rangeAt, rangeOf, valueRange } from '../helpers/text';

// The API settings, node settings, count and calling-hours rules read the parsed value (all but the
// calling-hours rules through the structural model of keptDiagnostics.ts): on strict JSON they
// report every problem without building the syntax tree.

const rules: readonly FieldRule[] = [
  (doc, diagnostics) => checkModule(apiSettingsRules, doc, diagnostics),
  (doc, diagnostics) => checkModule(nodeSettingsRules, doc, diagnostics),
  validateCallingHoursRules,
  (doc, diagnostics) => checkModule(countRules, doc, diagnostics),
];
const ruleCodes = new Set([
  'api-property-variable-and-value',
  'api-property-value-missing',
  'api-body-not-allowed',
  'node-settings-missing',
  'node-settings-other-type',
  'handoff-action-misplaced',
  'post-call-actions-misplaced',
  'nested-node-type',
  'nested-node-not-fire-and-forget',
  'date-span-format',
  'calling-hours-order',
  'calling-hours-overlap',
  'count-below-minimum',
  'follow-up-after-close',
]);

interface Expected {
  readonly code: string;
  readonly range: Range;
  readonly message: string;
}

function runRules(doc: PearlDocument): Expected[] {
  const diagnostics: Diagnostic[] = [];
  for (const rule of rules) rule(doc, diagnostics);
  return diagnostics.map(summary);
}

function summary({ code, range, message }: Diagnostic): Expected {
  return { code: String(code), range, message };
}

function offsetOf(text: string, needle: string): number {
  const offset = text.indexOf(needle);
  assert.ok(offset >= 0, `'${needle}' not found`);
  return offset;
}

/** The range of the `{` of the object that holds the first match of `needle` (no braces between them). */
function braceBefore(text: string, needle: string): Range {
  return rangeAt(text, text.lastIndexOf('{', offsetOf(text, needle)), 1);
}

/** The range of the array value of the first match of `"key": [` (its brackets included; no brackets in its strings). */
function arrayValueRange(text: string, keyAndBracket: string): Range {
  const start = offsetOf(text, keyAndBracket) + keyAndBracket.length - 1;
  let depth = 0;
  for (let end = start; end < text.length; end++) {
    if (text[end] === '[') depth++;
    else if (text[end] === ']' && --depth === 0) return rangeAt(text, start, end + 1 - start);
  }
  assert.fail(`'${keyAndBracket}' has no closing bracket`);
}

/** Asserts the rules' diagnostics on strict JSON, alone and through doValidation, with no syntax tree built. */
function assertWithoutTree(text: string, expected: readonly Expected[]): void {
  const doc = parse(text);
  assert.equal(doc.hasSyntaxTree, false);
  assert.deepEqual(runRules(doc), expected);
  assert.equal(doc.hasSyntaxTree, false, 'the rules built the syntax tree');
  const fromService = service
    .doValidation(parse(text))
    .filter((diagnostic) => ruleCodes.has(String(diagnostic.code)))
    .map(summary);
  assert.deepEqual(fromService, expected);
}

test('settings, count and calling-hours rules of a text Pearl: every diagnostic from the parsed value, no syntax tree', () => {
  const text = JSON.stringify(
    {
      name: 'Test',
      pearl: {
        nodes: [
          { nodeId: 'open', name: 'Open', nodeType: 2, script: 'Hi', smsSettings: {}, transitions: [{ name: 'go', toNodeId: 'lookup' }] },
          {
            nodeId: 'lookup',
            name: 'Lookup',
            nodeType: 40,
            apiSettings: {
              method: 1,
              url: 'https://example.com',
              body: [{ key: 'id', variableId: 'order_id', value: '7' }, { key: 'q', type: 1 }, 'stray', { variableId: '' }],
            },
            transitions: [{ name: 'mailed', toNodeId: 'mail' }],
          },
          {
            nodeId: 'mail',
            name: 'Mail',
            nodeType: 51,
            handOffAction: [{ nodeId: 'inner', name: 'Inner', nodeType: 10, transitions: [{ name: 'back', toNodeId: 'end' }] }],
            transitions: [{ name: 'sent', toNodeId: 'send' }],
          },
          {
            nodeId: 'send',
            name: 'Send',
            nodeType: 51,
            emailSettings: { smtpSettings: { port: 0 } },
            transitions: [{ name: 'x', toNodeId: 'end' }],
          },
          { nodeId: 'end', name: 'End', nodeType: 100 },
        ],
      },
      variables: [{ id: 'order_id', name: 'Order', group: 2, type: 1 }],
      outbound: {
        totalAgents: 0,
        autoCloseAfterInactivityHours: 1,
        inactivityFollowUps: [{ delayMinutes: -5 }, { delayMinutes: 90 }],
        callingHours: [
          'stray',
          { day: 1, start: '09:00', end: '17:00' },
          { day: 1, start: '12:00', end: '13:00' },
          { day: 2, start: '9:75', end: '10:00' },
          { day: 3, start: '18:00', end: '08:00' },
        ],
      },
    },
    null,
    2,
  );
  assertWithoutTree(text, [
    {
      code: 'api-property-variable-and-value',
      range: rangeOf(text, '"value"'),
      message: "body[0] 'id' sends variable 'order_id' (variableId), so value must be empty; it is '7'.",
    },
    {
      code: 'api-property-value-missing',
      range: valueRange(text, '"key": "q"'),
      message: "body[1] 'q' has no variableId, so it needs both type and value: value is missing.",
    },
    {
      code: 'api-property-value-missing',
      range: braceBefore(text, '"variableId": ""'),
      message: 'body[3] has no variableId, so it needs both type and value: type and value are missing.',
    },
    {
      code: 'api-body-not-allowed',
      range: arrayValueRange(text, '"body": ['),
      message: 'body must be empty for GET (method 1): it has 4 entries. Only POST, PUT and PATCH send a body.',
    },
    {
      code: 'node-settings-other-type',
      range: rangeOf(text, '"smsSettings"'),
      message: 'smsSettings is for SMS (50) nodes; this node is OpeningSentence (2), so it does not apply.',
    },
    {
      code: 'node-settings-missing',
      range: valueRange(text, '"nodeType": 51'),
      message: 'nodeType Email (51) requires emailSettings, which is missing (graph rule 7).',
    },
    {
      code: 'handoff-action-misplaced',
      range: rangeOf(text, '"handOffAction"'),
      message: 'handOffAction is allowed only on a HandoffChatToHuman (31) node; this node is Email (51).',
    },
    {
      code: 'nested-node-type',
      range: valueRange(text, '"nodeType": 10'),
      message:
        'nodeType Dialogue (10) cannot be nested in handOffAction: nested actions must be SMS (50), Email (51) or API (40) (graph rule 6).',
    },
    {
      code: 'nested-node-not-fire-and-forget',
      range: rangeOf(text, '"transitions"', 2),
      message: 'A nested action in handOffAction is fire-and-forget: it cannot have transitions (graph rule 6).',
    },
    {
      code: 'date-span-format',
      range: valueRange(text, '"start": "9:75"'),
      message: "start '9:75' is not a time of day (hh:mm or hh:mm:ss, 00:00 to 23:59:59).",
    },
    {
      code: 'calling-hours-order',
      range: valueRange(text, '"end": "08:00"'),
      message: 'end 08:00 is not after start 18:00: a window must end after it starts, within one day.',
    },
    {
      code: 'calling-hours-overlap',
      range: valueRange(text, '"start": "12:00"'),
      message: 'This window (12:00 to 13:00) overlaps callingHours[1] (09:00 to 17:00) on Monday (day 1).',
    },
    {
      code: 'count-below-minimum',
      range: valueRange(text, '"totalAgents": 0'),
      message: 'totalAgents is 0; it should be at least 1, or no agent handles the conversations.',
    },
    {
      code: 'count-below-minimum',
      range: valueRange(text, '"delayMinutes": -5'),
      message: 'delayMinutes is -5; it should be 0 minutes or more.',
    },
    {
      code: 'follow-up-after-close',
      range: valueRange(text, '"delayMinutes": 90'),
      message: 'This follow-up fires after 90 minutes, but the conversation auto-closes after 1 hour (60 minutes).',
    },
    {
      code: 'count-below-minimum',
      range: valueRange(text, '"port": 0'),
      message: 'port is 0; it should be a TCP port, 1 to 65535.',
    },
  ]);
});

test('settings, count and calling-hours rules of a Simple Pearl: apiSettings, notifications and SMTP ports, no syntax tree', () => {
  const text = JSON.stringify(
    {
      $schema: '../schemas/simple-pearl.schema.json',
      name: 'Test',
      pearl: {
        openingSentence: 'Hi',
        apiSettings: [{ method: 1, body: [{ key: 'a', value: 'x' }] }],
        emailSettings: [{ smtpSettings: { port: 70000 } }],
        notifications: [
          { apiSettings: { outputBody: [{ key: 'b', variableId: 'v', type: 2 }] }, emailTemplate: { smtpSettings: { port: -1 } } },
        ],
      },
      outbound: {
        totalAgents: 1,
        timeZone: 'Eastern Standard Time',
        maximumCallAttempts: 0,
        callingHours: [{ day: 9, start: '10:00', end: '10:00' }],
      },
    },
    null,
    2,
  );
  assertWithoutTree(text, [
    {
      code: 'api-property-value-missing',
      range: valueRange(text, '"key": "a"'),
      message: "body[0] 'a' has no variableId, so it needs both type and value: type is missing.",
    },
    {
      code: 'api-property-variable-and-value',
      range: rangeOf(text, '"type"'),
      message: "outputBody[0] 'b' sends variable 'v' (variableId), so type must be empty; it is 2.",
    },
    {
      code: 'calling-hours-order',
      range: valueRange(text, '"end": "10:00"'),
      message: 'end 10:00 is not after start 10:00: a window must end after it starts, within one day.',
    },
    {
      code: 'count-below-minimum',
      range: valueRange(text, '"maximumCallAttempts": 0'),
      message: 'maximumCallAttempts is 0; it should be at least 1, or no lead is ever called.',
    },
    {
      code: 'count-below-minimum',
      range: valueRange(text, '"port": 70000'),
      message: 'port is 70000; it should be a TCP port, 1 to 65535.',
    },
    { code: 'count-below-minimum', range: valueRange(text, '"port": -1'), message: 'port is -1; it should be a TCP port, 1 to 65535.' },
  ]);
});

test('calling-hours overlap names a window by its index in callingHours, elements that are not objects included', () => {
  const text = JSON.stringify(
    {
      name: 'Test',
      pearl: { agentName: 'Ada', modelType: 11, nodes: [] },
      outbound: {
        totalAgents: 1,
        callingHours: [null, 'stray', { day: 2, start: '08:00', end: '12:00' }, { day: 2, start: '11:00', end: '14:00' }],
      },
    },
    null,
    2,
  );
  const diagnostics = runRules(parse(text));
  assert.deepEqual(diagnostics, [
    {
      code: 'calling-hours-overlap',
      range: valueRange(text, '"start": "11:00"'),
      message: 'This window (11:00 to 14:00) overlaps callingHours[2] (08:00 to 12:00) on Tuesday (day 2).',
    },
  ]);
});
