/**
 * What the graph preview page redraws after an edit (chromium, the page and fake webview API of
 * `previewPage.ts`, graphs from the real language service, updates as the host makes them with
 * `graphUpdate`): a MutationObserver on the drawing counts the node and transition elements added
 * and removed, so the tests see what the browser has to style and lay out again, not a timing.
 *
 * Needs `node scripts/bundle.mjs` first. Skipped when /usr/bin/chromium is absent.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { graphUpdate } from '../../../client/src/graphPreview/graphUpdate';
import type { HostMessage } from '#protocol/graphPreviewMessages';
import type { PearlGraph } from '#protocol/pearlRequests';
import { getLanguageService } from '../../../server/src/service/pearlLanguageService';
import { edit, generateShapedPearl } from '../../helpers/fixtures';
import { chromiumPath, type PageGlobals, usePreviewPages } from './previewPage';

const service = getLanguageService();

function graphOf(text: string, version: number): PearlGraph {
  const doc = service.parsePearlDocument(TextDocument.create('file:///work/updates.pearl.json', 'pearl', version, text));
  return service.getGraph(doc, service.doValidation(doc));
}

/** `text` without its `index`th node and the transitions into it. */
function withoutNode(text: string, index: number): string {
  return edit(text, (nodes) => {
    const [removed] = nodes.splice(index, 1);
    for (const node of nodes) node.transitions = node.transitions?.filter((transition) => transition.toNodeId !== removed.nodeId);
  });
}

/** What the observer saw: node and transition elements added and removed, and nodes whose key changed. */
interface Mutations {
  nodesAdded: string[];
  nodesRemoved: number;
  edgesAdded: number;
  edgesRemoved: number;
  rekeyed: number;
}

/** Starts counting the drawing's mutations (`__mutations`). */
async function observe(page: Page): Promise<void> {
  await page.evaluate(() => {
    const counts = { nodesAdded: [] as string[], nodesRemoved: 0, edgesAdded: 0, edgesRemoved: 0, rekeyed: 0 };
    (globalThis as unknown as { __mutations: typeof counts }).__mutations = counts;
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'attributes') {
          if (record.attributeName === 'data-node-key') counts.rekeyed++;
          continue;
        }
        for (const node of Array.from(record.addedNodes)) {
          if (!(node instanceof SVGGElement)) continue;
          if (node.dataset.nodeKey !== undefined) counts.nodesAdded.push(node.dataset.nodeKey);
          if (node.dataset.edgeKey !== undefined) counts.edgesAdded++;
        }
        for (const node of Array.from(record.removedNodes)) {
          if (!(node instanceof SVGGElement)) continue;
          if (node.dataset.nodeKey !== undefined) counts.nodesRemoved++;
          if (node.dataset.edgeKey !== undefined) counts.edgesRemoved++;
        }
      }
    });
    const root = document.querySelector('#graph g.viewport');
    if (root) observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-node-key'] });
  });
}

async function mutations(page: Page): Promise<Mutations> {
  return page.evaluate(() => (globalThis as unknown as { __mutations: Mutations }).__mutations);
}

async function post(page: Page, message: HostMessage): Promise<void> {
  await page.evaluate((message) => (globalThis as unknown as PageGlobals).postMessage(message, '*'), message);
}

/**
 * Where the drawn transition `key` goes, read from the drawing's geometry (graph coordinates, so a
 * node out of view counts): the key of the node whose box holds its path's first point, and of the
 * node whose box holds its last point or, for a stub, the tooltip of the tag that point is on. The
 * smallest box wins (a nested action lies inside its group); 2 px of slack for the stroke.
 */
async function drawnEnds(page: Page, key: string): Promise<{ from?: string; to?: string; tag?: string }> {
  return page.evaluate((key) => {
    const near = (point: DOMPoint, rect: Element | null): boolean => {
      if (!rect) return false;
      const [x, y, width, height] = ['x', 'y', 'width', 'height'].map((name) => Number(rect.getAttribute(name)));
      return point.x >= x - 2 && point.x <= x + width + 2 && point.y >= y - 2 && point.y <= y + height + 2;
    };
    const area = (rect: Element): number => Number(rect.getAttribute('width')) * Number(rect.getAttribute('height'));
    const nodeAt = (point: DOMPoint): string | undefined =>
      Array.from(document.querySelectorAll('[data-node-key]'))
        .map((node) => ({ key: node.getAttribute('data-node-key') ?? '', box: node.querySelector('rect.node-box') }))
        .filter((node) => near(point, node.box))
        .sort((a, b) => area(a.box as Element) - area(b.box as Element))[0]?.key;
    const path = document.querySelector<SVGPathElement>(`[data-edge-key="${CSS.escape(key)}"] path`);
    if (!path) return {};
    const [start, end] = [path.getPointAtLength(0), path.getPointAtLength(path.getTotalLength())];
    const tag = document.querySelector(`[data-tag-for="${CSS.escape(key)}"]`);
    // The tag's tooltip is written when it is pointed at.
    tag?.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    if (tag)
      return {
        from: nodeAt(start),
        tag: near(end, tag.querySelector('rect')) ? (tag.querySelector('title')?.textContent ?? '') : undefined,
      };
    return { from: nodeAt(start), to: nodeAt(end) };
  }, key);
}

/** Asserts the transition `key` of `graph` is drawn from its source's box to its target's (or to a tag naming the target). */
async function assertGoesWhereTheGraphSays(page: Page, graph: PearlGraph, key: string): Promise<void> {
  const edge = graph.edges.find((candidate) => candidate.key === key);
  assert.ok(edge, `${key} is not in the graph`);
  const target = graph.nodes.find((node) => node.key === edge.target);
  const ends = await drawnEnds(page, key);
  assert.equal(ends.from, edge.source, `${key} starts on ${ends.from}`);
  if (ends.tag !== undefined)
    assert.ok(ends.tag.endsWith(`→ ${target?.name || target?.nodeId}`), `${key} ends on a tag saying ${ends.tag}`);
  else assert.equal(ends.to, edge.target, `${key} ends on ${ends.to}`);
}

/** Posts `message` and waits until the page has drawn `renderCount` times. */
async function drawn(page: Page, message: HostMessage, renderCount: number): Promise<void> {
  await post(page, message);
  await page.locator(`#graph[data-render-count="${renderCount}"]`).waitFor({ state: 'attached', timeout: 60_000 });
}

describe('graph preview updates (chromium)', { skip: fs.existsSync(chromiumPath) ? false : `${chromiumPath} not found` }, () => {
  const pages = usePreviewPages();

  async function openPage(): Promise<Page> {
    const context = await pages.browser.newContext({ viewport: { width: 1200, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${pages.origin}/`);
    await page.waitForFunction(() => (globalThis as unknown as PageGlobals).__posted.some((message) => message.type === 'ready'));
    return page;
  }

  it('moves, not redraws, the nodes and transitions after a node removed from the middle of pearl.nodes', async () => {
    const page = await openPage();
    const text = generateShapedPearl('mix', 120);
    const before = graphOf(text, 1);
    await drawn(page, { type: 'graph', graph: before }, 1);
    const middle = 60;
    const after = graphOf(withoutNode(text, middle), 2);
    // The nodes after it are renumbered: n:61 is now n:60, and so on.
    assert.equal(after.nodes[middle].nodeId, before.nodes[middle + 1].nodeId);
    await observe(page);
    await drawn(page, graphUpdate(before, after), 2);
    assert.equal(await page.locator('#graph').getAttribute('data-layout-engine'), 'incremental');
    const seen = await mutations(page);
    // The removed node and its transitions go; what lost its only transition in (the "no incoming"
    // mark) is drawn again; every other node stays the element it was, under its new key.
    const renumbered = after.nodes.filter((node) => before.nodes.findIndex((old) => old.nodeId === node.nodeId) > middle);
    assert.ok(renumbered.length > 50);
    assert.ok(seen.nodesAdded.length <= 3, `${seen.nodesAdded.length} nodes drawn anew: ${seen.nodesAdded.join(', ')}`);
    assert.equal(seen.nodesRemoved, 1 + seen.nodesAdded.length);
    assert.ok(seen.rekeyed >= renumbered.length - seen.nodesAdded.length, `${seen.rekeyed} nodes re-keyed`);
    assert.ok(seen.edgesAdded <= 6, `${seen.edgesAdded} transitions drawn anew`);
    // The page shows the new graph: every node under its new key, with its own name.
    for (const node of renumbered.slice(0, 5)) {
      const label = await page.locator(`[data-node-key="${node.key}"]`).getAttribute('aria-label');
      assert.ok(label?.includes(node.name ?? ''), `${node.key} shows ${label}`);
    }
    assert.equal(await page.locator('[data-node-key]').count(), after.nodes.length);
    assert.equal(await page.locator('[data-edge-key]').count(), after.edges.length);
    // A transition keyed after the removal goes where the graph says.
    const edge = after.edges[after.edges.length - 1];
    await assertGoesWhereTheGraphSays(page, after, edge.key);
    await page.context().close();
  });

  it('a node removed from the middle of a hub-shaped chain: the nodes it leaves unreachable keep their elements and show their warnings', async () => {
    const page = await openPage();
    const text = generateShapedPearl('hub', 120);
    const before = graphOf(text, 1);
    await drawn(page, { type: 'graph', graph: before }, 1);
    const middle = 60;
    const after = graphOf(withoutNode(text, middle), 2);
    // Removing the step breaks the chain: the steps after it now have warnings they did not have.
    const warned = after.nodes.filter((node) => {
      const old = before.nodes.find((candidate) => candidate.nodeId === node.nodeId);
      return old !== undefined && old.diagnostics.length === 0 && node.diagnostics.some((diagnostic) => diagnostic.severity === 2);
    });
    assert.ok(warned.length > 20, `${warned.length} nodes got warnings`);
    await observe(page);
    await drawn(page, graphUpdate(before, after), 2);
    const seen = await mutations(page);
    assert.ok(seen.nodesAdded.length <= 3, `${seen.nodesAdded.length} nodes drawn anew: ${seen.nodesAdded.join(', ')}`);
    // Each shows what a new drawing would: the warning class, its count badge, its tooltip and label.
    for (const node of [warned[0], warned[warned.length - 1]]) {
      const element = page.locator(`[data-node-key="${node.key}"]`);
      assert.match((await element.getAttribute('class')) ?? '', /\bhas-warnings\b/);
      const warnings = node.diagnostics.filter((diagnostic) => diagnostic.severity === 2).length;
      assert.equal(await element.locator('.count-badge.count-warnings').count(), 1);
      assert.equal(await element.locator('.count-text').textContent(), String(warnings));
      assert.equal(await element.locator('.count-badge').count(), 1);
      assert.match((await element.getAttribute('aria-label')) ?? '', new RegExp(`, ${warnings} warnings?$`));
      await element.dispatchEvent('pointerover');
      assert.ok((await element.locator('title').textContent())?.includes(`Warning: ${node.diagnostics[0].message}`));
    }
    await page.context().close();
  });

  it('after edits one after another (a node removed, put back, another removed), draws each transition once, under its own keys', async () => {
    const page = await openPage();
    const text = generateShapedPearl('hub', 120);
    const versions = [text, withoutNode(text, 60), text, withoutNode(text, 30)].map((version, index) => graphOf(version, index + 1));
    await drawn(page, { type: 'graph', graph: versions[0] }, 1);
    for (let index = 1; index < versions.length; index++) {
      await drawn(page, graphUpdate(versions[index - 1], versions[index]), index + 1);
      assert.equal(await page.locator('#graph').getAttribute('data-layout-engine'), 'incremental');
    }
    const graph = versions[versions.length - 1];
    const shown = await page.evaluate(() => {
      const keys = (attribute: string) =>
        Array.from(document.querySelectorAll(`[${attribute}]`), (element) => element.getAttribute(attribute) ?? '');
      return { edges: keys('data-edge-key'), labels: keys('data-label-for'), tags: keys('data-tag-for') };
    });
    // Every transition once (nothing left over from the drawings before), every label and tag with a transition drawn.
    assert.deepEqual([...shown.edges].sort(), graph.edges.map((edge) => edge.key).sort());
    const edgeKeys = new Set(shown.edges);
    assert.equal(new Set(shown.labels).size, shown.labels.length);
    assert.equal(new Set(shown.tags).size, shown.tags.length);
    for (const key of [...shown.labels, ...shown.tags]) assert.ok(edgeKeys.has(key), `a label or tag of ${key}, which is not drawn`);
    // Each transition goes where the graph says.
    for (const edge of graph.edges.filter((_, index) => index % 17 === 0)) await assertGoesWhereTheGraphSays(page, graph, edge.key);
    await page.context().close();
  });

  it('sends only the named node while one types a name, and redraws only that node', async () => {
    const page = await openPage();
    const text = generateShapedPearl('hub', 120);
    const before = graphOf(text, 1);
    await drawn(page, { type: 'graph', graph: before }, 1);
    const target = before.nodes[40];
    const after = graphOf(
      edit(text, (nodes) => {
        nodes[40].name = `${nodes[40].name ?? ''} and a few words more`;
      }),
      2,
    );
    const update = graphUpdate(before, after);
    assert.equal(update.type, 'graphChanges');
    assert.deepEqual(
      update.type === 'graphChanges' && update.nodes.flatMap((item, index) => (typeof item === 'number' ? [] : [after.nodes[index].key])),
      [target.key],
    );
    await observe(page);
    await drawn(page, update, 2);
    const seen = await mutations(page);
    assert.deepEqual(seen.nodesAdded, [target.key]);
    assert.equal(seen.nodesRemoved, 1);
    assert.ok(
      ((await page.locator(`[data-node-key="${target.key}"] .node-name`).textContent()) ?? '').includes('and a few'),
      'the new name is drawn',
    );
    await page.context().close();
  });
  it('changes made against another version of the graph are not drawn: the page asks the host for the whole graph', async () => {
    const page = await openPage();
    const text = generateShapedPearl('mix', 40);
    const before = graphOf(text, 1);
    await drawn(page, { type: 'graph', graph: before }, 1);
    const after = graphOf(withoutNode(text, 20), 2);
    const update = graphUpdate(before, after);
    assert.equal(update.type, 'graphChanges');
    const readies = (): Promise<number> =>
      page.evaluate(() => (globalThis as unknown as PageGlobals).__posted.filter((message) => message.type === 'ready').length);
    const readyBefore = await readies();
    // As if the page had missed version 1: the changes are to a graph it does not have.
    await post(page, { ...update, base: 7 });
    await page.waitForFunction(
      (count) => (globalThis as unknown as PageGlobals).__posted.filter((message) => message.type === 'ready').length > count,
      readyBefore,
    );
    assert.equal(await page.locator('#graph').getAttribute('data-version'), '1', 'a graph was drawn from changes to another one');
    assert.equal(await page.locator('[data-node-key]').count(), before.nodes.length);
    // The host answers with the whole graph.
    await drawn(page, { type: 'graph', graph: after }, 2);
    assert.equal(await page.locator('[data-node-key]').count(), after.nodes.length);
    await page.context().close();
  });
  it('a drawing after a name typed keeps the selected node\u2019s handle and the selected transition\u2019s marks, and lights the focused node\u2019s transitions again', async () => {
    const page = await openPage();
    const text = generateShapedPearl('hub', 120);
    const before = graphOf(text, 1);
    await drawn(page, { type: 'graph', graph: before }, 1);
    const focused = before.nodes[10];
    const own = before.edges.filter((edge) => edge.source === focused.key || edge.target === focused.key);
    assert.ok(own.length >= 2);
    await page.locator(`[data-node-key="${focused.key}"]`).dispatchEvent('click');
    await page.locator('.toolbar button[data-action="focusMode"]').click();
    const handle = page.locator(`.connect-handle[data-handle-for="${focused.key}"]`);
    await handle.waitFor({ state: 'attached' });
    await handle.evaluate((element) => ((element as unknown as { kept: boolean }).kept = true));
    const after = graphOf(
      edit(text, (nodes) => {
        nodes[40].name = `${nodes[40].name ?? ''} and a few words more`;
      }),
      2,
    );
    await observe(page);
    await drawn(page, graphUpdate(before, after), 2);
    assert.deepEqual((await mutations(page)).nodesAdded, [after.nodes[40].key]);
    assert.equal(
      await handle.evaluate((element) => (element as unknown as { kept?: boolean }).kept === true && element.isConnected),
      true,
      'the handle is the element drawn before',
    );
    const bright = await page
      .locator('[data-edge-key].bright')
      .evaluateAll((elements) => elements.map((element) => (element as SVGElement).dataset.edgeKey).sort());
    assert.deepEqual(bright, own.map((edge) => edge.key).sort(), 'the focused node\u2019s transitions are lit, and only they');

    // A transition selected: its path and label are marked, through a drawing too.
    const labelled = await page
      .locator('[data-label-for]')
      .evaluateAll((elements) => elements.map((element) => (element as SVGElement).dataset.labelFor));
    const edge = after.edges.find((candidate) => candidate.source === focused.key && labelled.includes(candidate.key));
    assert.ok(edge, 'a transition of the focused node with its label drawn');
    await page.locator(`[data-label-for="${edge.key}"]`).dispatchEvent('click');
    const renamed = graphOf(
      edit(text, (nodes) => {
        nodes[40].name = `${nodes[40].name ?? ''} and more`;
      }),
      3,
    );
    await drawn(page, graphUpdate(after, renamed), 3);
    const selected = await page
      .locator('.selected')
      .evaluateAll((elements) =>
        elements.map(
          (element) =>
            `${element.getAttribute('class')?.split(' ')[0]} ${(element as SVGElement).dataset.edgeKey ?? (element as SVGElement).dataset.labelFor}`,
        ),
      );
    assert.deepEqual(selected.sort(), [`edge ${edge.key}`, `edge-label ${edge.key}`]);
    await page.locator(`.retarget-handle[data-handle-for="${edge.key}"]`).waitFor({ state: 'attached' });
    await page.context().close();
  });
});
