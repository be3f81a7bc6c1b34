// pearl-lint --coverage's service calls (docs/user/walks.md § Coverage): the traces checkWalksFile
// walks are handed to its caller, and getTransitionCoverage counts them without walking again.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { WalkTrace } from '#protocol/walkTypes';
import { getLanguageService, takenTransitions, type PearlDocument } from '../../server/src/service/pearlLanguageService';
import { bookingPearlText, bookingWalksText } from '../helpers/walkPearls';

const service = getLanguageService();
const pearl = service.parsePearlDocument(TextDocument.create('file:///w/booking.pearl.json', 'pearl', 1, bookingPearlText));

function walksDoc(text: string, uri = 'file:///w/booking.walks.json'): PearlDocument {
  return service.parsePearlDocument(TextDocument.create(uri, 'jsonc', 1, text));
}

/** Name, from and to of each transition, as the report shows them. */
function shown(transitions: readonly { name: string | undefined; from: string; to: string }[]): string[][] {
  return transitions.map((transition) => [transition.name ?? '', transition.from, transition.to]);
}

test('checkWalksFile hands each walk trace to onWalk, and its diagnostics are those without it', () => {
  const traces: WalkTrace[] = [];
  const diagnostics = service.checkWalksFile(walksDoc(bookingWalksText), pearl, (trace) => traces.push(trace));
  assert.deepEqual(diagnostics, service.checkWalksFile(walksDoc(bookingWalksText), pearl));
  assert.equal(traces.length, 1);
  assert.deepEqual(takenTransitions(traces[0]), ['n:0>t:0', 'n:1>t:0', 'n:3>t:0', 'n:4>t:0', 'n:5>t:0']);
});

test('getTransitionCoverage from the traces of a check equals walking the walks files again', () => {
  const taken = new Set<string>();
  let walks = 0;
  service.checkWalksFile(walksDoc(bookingWalksText), pearl, (trace) => {
    walks++;
    for (const key of takenTransitions(trace)) taken.add(key);
  });
  const fromTraces = service.getTransitionCoverage(pearl, [], { taken, walks });
  const walkedAgain = service.getTransitionCoverage(pearl, [
    walksDoc(bookingWalksText),
    walksDoc(bookingWalksText, 'file:///x/other.walks.json'),
  ]);
  assert.deepEqual(fromTraces, walkedAgain);
  assert.equal(fromTraces.transitions, 10);
  assert.equal(fromTraces.walks, 1);
  // The transitions the editor's coverage does not list as covered, with their ranges.
  const covered = new Set(service.getWalkCoverage(pearl, [walksDoc(bookingWalksText)]).covered);
  const all = service.getTransitionCoverage(pearl, []).uncovered;
  assert.deepEqual(
    fromTraces.uncovered,
    all.filter((transition) => !covered.has(transition.key)),
  );
  assert.deepEqual(shown(fromTraces.uncovered), [
    ['Unknown', 'lookup', 'greet'],
    ['Customer wants to book a table', 'greet', 'ask'],
    ['Customer wants a person', 'greet', 'handoff'],
    ['Not booked', 'book', 'handoff'],
    ['Staff closes', 'handoff', 'end'],
  ]);
  assert.deepEqual(service.getUncoveredTransitions(pearl, [walksDoc(bookingWalksText)]), fromTraces.uncovered);
});
