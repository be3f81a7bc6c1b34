import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { InlayHint } from 'vscode-languageserver-types';
import { node, parse, service, textPearl, transition } from '../helpers/documents';
import { positionOf } from '../helpers/text';

/** Every hint of `content` as `label@line:character`, with the text right before its position. */
function hintsOf(content: string, range?: InlayHint['position'][]): { label: string; before: string }[] {
  const doc = parse(content);
  const whole = { start: { line: 0, character: 0 }, end: doc.textDocument.positionAt(content.length) };
  const hints = service.getInlayHints(doc, range ? { start: range[0], end: range[1] } : whole);
  return hints.map((hint) => {
    const offset = doc.textDocument.offsetAt(hint.position);
    assert.equal(hint.paddingLeft, true);
    return {
      label: typeof hint.label === 'string' ? hint.label : hint.label.map((part) => part.value).join(''),
      before: content.slice(Math.max(0, offset - 20), offset),
    };
  });
}

const content = textPearl({
  nodes: [
    node('open', 2, [transition('greeted', 'talk')], { name: 'Greeting' }),
    node('talk', 10, [transition('done', 'end'), transition('lost', 'nowhere')], { name: 'Ask the date' }),
    node('end', 100, [], { name: '' }),
  ],
  pearl: { indicatorTags: [{ id: 'Booked', name: 'Booked', color: 4 }] },
});

test('inlay hints: enumeration names after integer values, target name and type after toNodeId', () => {
  const hints = hintsOf(content);
  const labels = hints.map((hint) => hint.label);
  assert.deepEqual(labels, [
    'Swan', // modelType 11
    'green', // color 4
    'OpeningSentence',
    'Ask the date · Dialogue', // greeted → talk
    'Dialogue',
    'EndCall', // done → end (no name)
    'EndCall',
    'PreCall', // first_name group 1
    'String',
    'InCall',
    'String',
  ]);
  // Each hint sits right after its value.
  assert.match(hints[2].before, /"nodeType": 2$/);
  assert.match(hints[3].before, /"toNodeId": "talk"$/);
  assert.match(hints[5].before, /"toNodeId": "end"$/);
  // An unknown target (nowhere) gets no hint; the diagnostic says it.
  assert.ok(!hints.some((hint) => hint.before.endsWith('"nowhere"')));
});

test('inlay hints: only within the requested range; none for values outside the enumeration', () => {
  const line = positionOf(content, '"nodeType": 10').line;
  const inRange = hintsOf(content, [
    { line, character: 0 },
    { line, character: 100 },
  ]);
  assert.deepEqual(
    inRange.map((hint) => hint.label),
    ['Dialogue'],
  );
  const odd = textPearl({ nodes: [node('open', 7, []), node('end', 100, [])] });
  // nodeType 7 is no node type: only Swan (modelType 11) and EndCall are named.
  assert.deepEqual(
    hintsOf(odd)
      .map((hint) => hint.label)
      .slice(0, 2),
    ['Swan', 'EndCall'],
  );
});
