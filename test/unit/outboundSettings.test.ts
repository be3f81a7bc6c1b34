// A simple Pearl's outbound settings against what NLPearl states for their update (docs/rulings.md § Service).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DiagnosticSeverity, type MarkupContent } from 'vscode-languageserver-types';
import { parse, service } from '../helpers/documents';
import { repositoryRoot } from '../helpers/paths';
import { positionOf, rangeIn, valueRange } from '../helpers/text';

const example = fs.readFileSync(path.join(repositoryRoot, 'examples', 'outbound-voice.pearl.json'), 'utf8');

/** The example with `from` replaced by `to` (each must occur). */
function edited(...replacements: [string, string][]): string {
  return replacements.reduce((text, [from, to]) => {
    assert.ok(text.includes(from), from);
    return text.replace(from, to);
  }, example);
}

const diagnosticsOf = (content: string, code: string) =>
  service
    .doValidation(parse(content))
    .filter((diagnostic) => diagnostic.code === code)
    .map((diagnostic) => [diagnostic.severity, diagnostic.range, diagnostic.message]);

test('outbound-setting-out-of-range: ringDuration, callTimeout, maximumCallAttempts and minimumRetryIntervalHours outside their stated bounds', () => {
  assert.deepEqual(diagnosticsOf(example, 'outbound-setting-out-of-range'), []);
  const content = edited(
    ['"ringDuration": 30', '"ringDuration": 90'],
    ['"callTimeout": 10', '"callTimeout": 600'],
    ['"maximumCallAttempts": 3', '"maximumCallAttempts": 6'],
    ['"minimumRetryIntervalHours": 2', '"minimumRetryIntervalHours": 24'],
  );
  const W = DiagnosticSeverity.Warning;
  assert.deepEqual(diagnosticsOf(content, 'outbound-setting-out-of-range'), [
    [W, valueRange(content, '"ringDuration": 90'), 'ringDuration is 90; NLPearl takes 10 to 50 seconds.'],
    [W, valueRange(content, '"callTimeout": 600'), 'callTimeout is 600; NLPearl takes 1 to 120 minutes.'],
    [W, valueRange(content, '"maximumCallAttempts": 6'), 'maximumCallAttempts is 6; NLPearl takes at most 5.'],
    [
      W,
      valueRange(content, '"minimumRetryIntervalHours": 24'),
      'minimumRetryIntervalHours is 24; NLPearl takes 1 to 6 (1 Every6Hours, 2 OnceADay, 3 OnceEvery3Days, 4 OnceAWeek, 5 OnceAMonth, 6 Every3Hours).',
    ],
  ]);
  // 0 attempts is count-below-minimum's alone.
  const zero = edited(['"maximumCallAttempts": 3', '"maximumCallAttempts": 0']);
  assert.deepEqual(diagnosticsOf(zero, 'outbound-setting-out-of-range'), []);
  assert.equal(diagnosticsOf(zero, 'count-below-minimum').length, 1);
});

test('voicemail-variable-group: an InCall variable in voiceMail is a Warning on its reference; a PreCall one is not', () => {
  const voiceMail = '"voiceMail": "Hi, this is Sam from ClearView Heating and Air,';
  const content = edited([voiceMail, `${voiceMail} {customer_first_name}, about your visit on {preferred_date},`]);
  assert.deepEqual(diagnosticsOf(content, 'voicemail-variable-group'), [
    [
      DiagnosticSeverity.Warning,
      rangeIn(content, 'visit on {preferred_date}', '{preferred_date}'),
      '{preferred_date} is InCall (group 2); voiceMail takes PreCall variables only, as no value is known yet when the voicemail is left.',
    ],
  ]);
});

test('hover on the outbound settings gives their units, ranges and the names of the retry intervals', () => {
  const doc = parse(example);
  const hover = (needle: string, delta: number) =>
    (service.doHover(doc, positionOf(example, needle, delta))?.contents as MarkupContent).value;
  assert.match(hover('"ringDuration"', 2), /In seconds, 10 to 50\./);
  assert.match(hover('"callTimeout"', 2), /In minutes, 1 to 120\./);
  assert.match(hover('"maximumCallAttempts"', 2), /At most 5\./);
  const retry = hover('"minimumRetryIntervalHours": 2', '"minimumRetryIntervalHours": '.length);
  assert.match(retry, /One of 1 Every6Hours, 2 OnceADay, 3 OnceEvery3Days, 4 OnceAWeek, 5 OnceAMonth, 6 Every3Hours\./);
  assert.match(retry, /`2` — \*\*OnceADay\*\*/);
  assert.match(hover('"voiceMail"', 2), /Takes PreCall variables only/);
});
