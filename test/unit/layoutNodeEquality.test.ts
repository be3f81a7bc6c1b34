// Node equality once (issue 31): the graph page compares laid-out nodes with one function,
// sameNodeDrawing (layoutDelta.ts, on graphLayout.ts's sameBox), which the layout diff and the incremental layout both use.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { layeredLayout } from '../../client/src/graphPreview/webview/layeredLayout';
import { type LaidOutNode } from '../../client/src/graphPreview/webview/graphLayout';
import { sameNodeDrawing } from '../../client/src/graphPreview/webview/layoutDelta';
import { type MeasureText } from '../../client/src/graphPreview/webview/layoutText';
import { layoutInput } from '../../client/src/graphPreview/webview/structure';
import { getLanguageService } from '../../server/src/service/pearlLanguageService';
import { repositoryRoot } from '../helpers/paths';

const service = getLanguageService();
const measure: MeasureText = (text, style) => text.length * { name: 13, type: 11, label: 11, mark: 10 }[style] * 0.55;

/** The laid-out nodes of the clinic example, as the layout worker draws them. */
function clinicNodes(): readonly LaidOutNode[] {
  const text = fs.readFileSync(path.join(repositoryRoot, 'examples', 'clinic-reminders.pearl.json'), 'utf8');
  const doc = service.parsePearlDocument(TextDocument.create('file:///work/clinic.pearl.json', 'pearl', 1, text));
  return layeredLayout(layoutInput(service.getGraph(doc, service.doValidation(doc))), measure).nodes;
}

test('a laid-out node copied field by field, or renumbered, is drawn alike', () => {
  for (const laidOut of clinicNodes()) {
    const copy: LaidOutNode = JSON.parse(JSON.stringify(laidOut)) as LaidOutNode;
    assert.equal(sameNodeDrawing(laidOut, copy), true, laidOut.node.key);
    assert.equal(sameNodeDrawing(laidOut, { ...copy, node: { ...copy.node, key: 'n:999' } }), true, 'keys aside');
  }
});

test('a laid-out node that differs in anything drawn is not drawn alike', () => {
  const laidOut = clinicNodes()[0];
  const changes: Partial<LaidOutNode>[] = [
    { x: laidOut.x + 1 },
    { y: laidOut.y + 1 },
    { width: laidOut.width + 1 },
    { height: laidOut.height + 1 },
    { isGroup: !laidOut.isGroup },
    { headerHeight: laidOut.headerHeight + 1 },
    { typeText: `${laidOut.typeText}!` },
    { depth: laidOut.depth + 1 },
    { nameLines: [...laidOut.nameLines, 'more'] },
    { marks: [...laidOut.marks, { kind: 'entry', text: 'x', width: 1 }] },
    { node: { ...laidOut.node, name: `${laidOut.node.name ?? ''}!` } },
    { node: { ...laidOut.node, nodeId: 'other' } },
    { node: { ...laidOut.node, isEntry: !laidOut.node.isEntry } },
    { node: { ...laidOut.node, cannotReachEnd: !laidOut.node.cannotReachEnd } },
    { node: { ...laidOut.node, noIncoming: !laidOut.node.noIncoming } },
  ];
  for (const change of changes)
    assert.equal(sameNodeDrawing(laidOut, { ...laidOut, ...change }), false, JSON.stringify(Object.keys(change)));
});

// renderGraph.ts's sameShape asks what a redraw of the box needs (problems are drawn apart), from the
// same box comparison (graphLayout.ts sameBox) as the layout's node equality.
test('no other file of the layout compares laid-out nodes field by field', () => {
  const webview = path.join(repositoryRoot, 'client', 'src', 'graphPreview', 'webview');
  const comparing = fs
    .readdirSync(webview, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .filter((file) =>
      /\b(\w+)\.headerHeight === (\w+)\.headerHeight[\s\S]{0,200}\1\.typeText === \2\.typeText[\s\S]{0,200}\1\.depth === \2\.depth/.test(
        fs.readFileSync(path.join(webview, file), 'utf8'),
      ),
    );
  assert.deepEqual(comparing.sort(), ['graphLayout.ts']);
});
