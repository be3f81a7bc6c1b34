// Places in a generated Pearl's text where the benchmarks act, shared by `npm run bench` and `npm run bench:compare`.

/**
 * Where the benchmarks complete: `text` (a generated Pearl) with a `{` typed after a word in the
 * script of a Dialogue node at about 90% of the flow (`braceOffset`: the cursor just after it), and
 * the offset just after the opening quote of the next `toNodeId` value (`toNodeIdOffset`).
 * @throws Error when the text has no such places.
 */
export function completionPoints(text: string): { text: string; braceOffset: number; toNodeIdOffset: number } {
  const request = JSON.parse(text) as { pearl: { nodes: Array<{ nodeId: string; nodeType: number }> } };
  const nodes = request.pearl.nodes;
  let late = Math.floor(nodes.length * 0.9);
  while (late > 0 && nodes[late].nodeType !== 10) late--;
  const nodeStart = text.indexOf(`"nodeId": "${nodes[late].nodeId}"`);
  const scriptStart = text.indexOf('"script": "', nodeStart) + '"script": "'.length;
  const wordEnd = text.indexOf(' ', scriptStart + 40);
  // "word {| next": the user has just typed ` {` after a word.
  const withBrace = text.slice(0, wordEnd) + ' {' + text.slice(wordEnd);
  const toNodeIdOffset = withBrace.indexOf('"toNodeId": "', wordEnd) + '"toNodeId": "'.length;
  if (nodeStart < 0 || scriptStart < nodeStart || toNodeIdOffset < wordEnd) {
    throw new Error('bench: could not find the completion points in the generated text');
  }
  return { text: withBrace, braceOffset: wordEnd + 2, toNodeIdOffset };
}
