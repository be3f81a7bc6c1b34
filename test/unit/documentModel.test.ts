import { test } from 'node:test';
import { stripComments } from 'jsonc-parser';
import * as assert from 'node:assert/strict';
import { parse, rangeOf, service, textPearl } from '../helpers/documents';
import { cleanTextPearl, examplePearlFiles, exampleText, threeProblemsTextPearl } from '../helpers/fixtures';

test('a byte order mark is tolerated: no syntax error, the same value, never sent', () => {
  const content = textPearl();
  const doc = parse(`\uFEFF${content}`);
  const diagnostics = service.doValidation(doc);
  assert.deepEqual(diagnostics, service.doValidation(parse(content)));
  assert.deepEqual(doc.value, JSON.parse(content));
  const payload = service.getDeployPayload(doc, diagnostics);
  assert.ok(!payload.body.includes('\uFEFF'));
  assert.deepEqual(JSON.parse(payload.body).name, 'Test');
});

test('valid JSON nested 6,000 levels deep: "nested too deeply" at the bracket one level too deep, not "this is not JSON"', () => {
  const content = `{"pearl": {"x": ${'['.repeat(6000)}${']'.repeat(6000)}}}`;
  const doc = parse(content);
  const diagnostics = service.doValidation(doc);
  assert.equal(diagnostics.length, 1, JSON.stringify(diagnostics));
  assert.equal(diagnostics[0].code, 'syntax');
  assert.equal(diagnostics[0].severity, 1);
  assert.equal(
    diagnostics[0].message,
    'The JSON is nested more than 1,000 levels deep here: too deeply to be checked or sent. A Pearl needs about a dozen levels.',
  );
  // Levels 1 and 2 are the root and pearl; the 999th bracket is level 1,001.
  const offset = content.indexOf('[') + 998;
  assert.deepEqual(diagnostics[0].range, { start: { line: 0, character: offset }, end: { line: 0, character: offset + 1 } });
});

test('pearl/deployPayload of a document nested 5,000 levels deep: no overflow, an error that says why', () => {
  const content = `{"name": "Deep", "pearl": {"nodes": ${'['.repeat(5000)}${']'.repeat(5000)}}}`;
  const doc = parse(content);
  const payload = service.getDeployPayload(doc, service.doValidation(doc));
  assert.equal(payload.body, 'null');
  assert.deepEqual(
    payload.errors.map((error) => error.code),
    ['syntax'],
  );
  assert.match(payload.errors[0].message, /nested more than 1,000 levels deep/);
});

test('1,000 levels are still checked: no nesting error, and the rules report the unknown property holding them', () => {
  const content = `{"pearl": {"x": ${'['.repeat(998)}${']'.repeat(998)}}}`;
  const doc = parse(content);
  assert.ok(doc.root);
  assert.equal(doc.nestingTooDeep, undefined);
  const diagnostics = service.doValidation(doc);
  assert.deepEqual(
    diagnostics.filter((diagnostic) => diagnostic.code === 'syntax'),
    [],
  );
  assert.deepEqual(
    diagnostics.filter((diagnostic) => diagnostic.code === 'unknown-property').map((diagnostic) => diagnostic.range),
    [rangeOf(content, '"x"')],
  );
});

test('checking strict JSON builds no syntax tree, and gives exactly the diagnostics checked with the tree', () => {
  const files = [...examplePearlFiles(), ...examplePearlFiles('broken').map((name) => `broken/${name}`)];
  const texts = [
    ...files.map((file) => ({ file, text: exampleText(file) })),
    // The broken examples without their `// expect:` comments: strict JSON with problems.
    ...files.map((file) => ({ file: `${file} without comments`, text: stripComments(exampleText(file), ' ') })),
    { file: 'clean fixture', text: cleanTextPearl },
    { file: 'three problems fixture', text: threeProblemsTextPearl },
  ];
  let strict = 0;
  for (const { file, text } of texts) {
    const withoutTree = parse(text);
    // Text with comments, errors or a key set twice is read by the tolerant parser, tree and all.
    const isStrict = !withoutTree.hasSyntaxTree;
    const diagnostics = service.doValidation(withoutTree);
    const withTree = parse(text);
    assert.ok(withTree.root !== undefined || withTree.value === undefined, file);
    assert.deepEqual(diagnostics, service.doValidation(withTree), file);
    if (isStrict) {
      strict++;
      assert.equal(withoutTree.hasSyntaxTree, false, `${file}: checking it built the syntax tree`);
    }
  }
  // Most broken examples are strict JSON with problems: their problems are located without a tree.
  assert.ok(strict >= 16, `only ${strict} strict JSON examples`);
});

test('incoming transitions: by top-level target, in document order, past elements that are not nodes and nested actions', () => {
  const doc = parse(
    JSON.stringify({
      pearl: {
        nodes: [
          'not a node',
          {
            nodeId: 'a',
            name: 'A',
            nodeType: 2,
            transitions: [
              { name: 'to b', toNodeId: 'b' },
              { name: 'to c', toNodeId: 'c' },
            ],
          },
          42,
          {
            nodeId: 'b',
            name: 'B',
            nodeType: 10,
            transitions: [
              { name: 'back to a', toNodeId: 'a' },
              { name: 'to c too', toNodeId: 'c' },
            ],
            handOffAction: [{ nodeId: 'sms', name: 'SMS', nodeType: 50, transitions: [{ name: 'nested', toNodeId: 'a' }] }],
          },
          { nodeId: 'c', name: 'C', nodeType: 30 },
        ],
      },
    }),
  );
  const [a, b, c] = doc.nodes;
  const names = (list: readonly { name?: string }[] | undefined) => list?.map((transition) => transition.name);
  assert.deepEqual(names(doc.incoming.get(a)), ['back to a'], 'a nested action is no source');
  assert.deepEqual(names(doc.incoming.get(b)), ['to b']);
  assert.deepEqual(names(doc.incoming.get(c)), ['to c', 'to c too']);
  assert.equal(doc.incoming.has(doc.allNodes.find((node) => node.nodeId === 'sms')!), false, 'a nested action is no target');
  assert.equal(doc.incoming.size, 3);
  assert.deepEqual(
    [...doc.incoming].map(([node, list]) => [node.nodeId, list.length]),
    [
      ['a', 1],
      ['b', 1],
      ['c', 2],
    ],
  );
  // A node of another parse of the same text is not this model's.
  assert.equal(doc.incoming.get(parse(doc.textDocument.getText()).nodes[0]), undefined);
});
