/**
 * Layout quality against dagre and ELK (`npm run bench:layout`): the preview's layered layout
 * (`layeredLayout.ts`), `@dagrejs/dagre` and elkjs's layered algorithm (the options the preview
 * used before it had its own) lay out the same graphs, the shapes of `generateShapedPearl` at 100
 * and 300 nodes, with the same node and label sizes (text measured by one stand-in font: 0.55 em
 * per character). Prints one Markdown table: per graph and engine, the crossings (pairs of
 * transitions whose drawn lines cross, each line sampled as a polyline), the drawing's width and
 * height in px, and the CPU time of the layout in ms. The preview's stubs (a transition drawn as a
 * short arrow to a tag naming its target) count with the line they draw: that is what the user sees.
 * Prints the load average too. `LAYOUT_BENCH_SIZES` and `LAYOUT_BENCH_SHAPES` narrow a run.
 */
import dagre, { type EdgeLabel, type GraphLabel, type NodeLabel } from '@dagrejs/dagre';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import ELK from 'elkjs/lib/elk.bundled.js';
import * as os from 'node:os';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { layeredLayout, measureBoxes } from '../client/src/graphPreview/webview/layeredLayout';
import { type MeasureText, measureEdgeLabel } from '../client/src/graphPreview/webview/layoutText';
import type { PearlGraph } from '#protocol/graphTypes';
import { getLanguageService } from '../server/src/service/pearlLanguageService';
import { generateShapedPearl, type PearlShape, pearlShapes } from './pearlGenerator';

const sizes = process.env.LAYOUT_BENCH_SIZES ? process.env.LAYOUT_BENCH_SIZES.split(',').map(Number) : [100, 300];
const shapes = (process.env.LAYOUT_BENCH_SHAPES ? process.env.LAYOUT_BENCH_SHAPES.split(',') : pearlShapes) as PearlShape[];

/** The stand-in font: about the width of the page's sans-serif, the same for every engine. */
const measure: MeasureText = (text, style) => text.length * { name: 13, type: 11, label: 11, mark: 10 }[style] * 0.55;

interface Point {
  readonly x: number;
  readonly y: number;
}

/** What the metrics need of a drawing: its size (px) and each transition as a polyline. */
interface Drawing {
  readonly width: number;
  readonly height: number;
  readonly lines: readonly (readonly Point[])[];
}

/** The top-level boxes (nested actions inside their parent) and the transitions between two of them, with label sizes. */
function flatten(graph: PearlGraph): {
  boxes: { id: string; width: number; height: number }[];
  edges: { id: string; source: string; target: string; label?: { width: number; height: number } }[];
} {
  const { boxes, boxOfKey } = measureBoxes(graph, measure);
  const edges = graph.edges.flatMap((edge) => {
    const source = boxOfKey.get(edge.source)?.node.key;
    const target = boxOfKey.get(edge.target)?.node.key;
    if (source === undefined || target === undefined || source === target) return [];
    return [{ id: edge.key, source, target, label: measureEdgeLabel(edge, measure) }];
  });
  return { boxes: boxes.map((box) => ({ id: box.node.key, width: box.width, height: box.height })), edges };
}

/** Cubic Bézier points (start, then two controls and an end per segment) as a polyline, 6 points per segment. */
function sampleBezier(points: readonly Point[]): Point[] {
  const result = [points[0]];
  for (let index = 1; index + 2 < points.length; index += 3) {
    const [p0, p1, p2, p3] = [points[index - 1], points[index], points[index + 1], points[index + 2]];
    for (let step = 1; step <= 6; step++) {
      const t = step / 6;
      const u = 1 - t;
      const [a, b, c, d] = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
      result.push({ x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y });
    }
  }
  return result;
}

function ownLayout(graph: PearlGraph): Drawing {
  const layout = layeredLayout(graph, measure);
  const lines = layout.edges
    .filter((laidOut) => laidOut.edge.source !== laidOut.edge.target)
    .map((laidOut) => sampleBezier(laidOut.points));
  return { width: layout.width, height: layout.height, lines };
}

function dagreLayout(graph: PearlGraph): Drawing {
  const { boxes, edges } = flatten(graph);
  const g = new dagre.graphlib.Graph<GraphLabel, NodeLabel, EdgeLabel>({ multigraph: true });
  g.setGraph({ rankdir: 'TB', nodesep: 28, ranksep: 40, edgesep: 10, marginx: 24, marginy: 24 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const box of boxes) g.setNode(box.id, { width: box.width, height: box.height });
  for (const edge of edges)
    g.setEdge(edge.source, edge.target, { width: edge.label?.width ?? 0, height: edge.label?.height ?? 0, labelpos: 'c' }, edge.id);
  dagre.layout(g);
  const lines = g.edges().map((id) => (g.edge(id).points ?? []).map((point) => ({ x: point.x, y: point.y })));
  const { width = 0, height = 0 } = g.graph();
  return { width, height, lines };
}

const elk = new ELK();

async function elkLayout(graph: PearlGraph): Promise<Drawing> {
  const { boxes, edges } = flatten(graph);
  const elkEdges: ElkExtendedEdge[] = edges.map((edge) => ({
    id: edge.id,
    sources: [edge.source],
    targets: [edge.target],
    labels: edge.label ? [{ id: `${edge.id}#label`, width: edge.label.width, height: edge.label.height }] : [],
  }));
  const root: ElkNode = {
    id: '#root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.edgeRouting': 'SPLINES',
      'elk.padding': '[top=24,left=24,bottom=24,right=24]',
      'elk.spacing.nodeNode': '28',
      'elk.layered.spacing.nodeNodeBetweenLayers': '14',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
    },
    children: boxes.map((box) => ({ id: box.id, width: box.width, height: box.height })),
    edges: elkEdges,
  };
  const result = await elk.layout(root);
  const lines = (result.edges ?? []).map((edge) =>
    (edge.sections ?? []).flatMap((section) => [section.startPoint, ...(section.bendPoints ?? []), section.endPoint]),
  );
  return { width: result.width ?? 0, height: result.height ?? 0, lines };
}

/** Whether segments ab and cd cross (properly, not at a shared end). */
function segmentsCross(a: Point, b: Point, c: Point, d: Point): boolean {
  const side = (p: Point, q: Point, r: Point): number => (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
  const [d1, d2, d3, d4] = [side(c, d, a), side(c, d, b), side(a, b, c), side(a, b, d)];
  return d1 * d2 < 0 && d3 * d4 < 0;
}

/** Pairs of lines that cross at least once; segments bucketed in a grid so that only neighbours are compared. */
function countCrossings(lines: readonly (readonly Point[])[]): number {
  const cell = 80;
  const buckets = new Map<string, { line: number; a: Point; b: Point }[]>();
  lines.forEach((points, line) => {
    for (let index = 1; index < points.length; index++) {
      const [a, b] = [points[index - 1], points[index]];
      for (let cx = Math.floor(Math.min(a.x, b.x) / cell); cx <= Math.floor(Math.max(a.x, b.x) / cell); cx++) {
        for (let cy = Math.floor(Math.min(a.y, b.y) / cell); cy <= Math.floor(Math.max(a.y, b.y) / cell); cy++) {
          const key = `${cx},${cy}`;
          const list = buckets.get(key) ?? [];
          list.push({ line, a, b });
          buckets.set(key, list);
        }
      }
    }
  });
  const crossing = new Set<number>();
  for (const list of buckets.values()) {
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const [s, t] = [list[i], list[j]];
        if (s.line === t.line) continue;
        const pair = Math.min(s.line, t.line) * lines.length + Math.max(s.line, t.line);
        if (!crossing.has(pair) && segmentsCross(s.a, s.b, t.a, t.b)) crossing.add(pair);
      }
    }
  }
  return crossing.size;
}

/** `run()` with its CPU time, ms. */
async function timed(run: () => Drawing | Promise<Drawing>): Promise<{ drawing: Drawing; ms: number }> {
  const started = process.cpuUsage();
  const drawing = await run();
  const used = process.cpuUsage(started);
  return { drawing, ms: (used.user + used.system) / 1000 };
}

async function main(): Promise<void> {
  const service = getLanguageService();
  const load = (): string =>
    os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
  const lines = [
    '| shape | nodes | transitions | engine | crossings | width px | height px | layout CPU ms |',
    '|---|--:|--:|---|--:|--:|--:|--:|',
  ];
  for (const nodes of sizes) {
    for (const shape of shapes) {
      const doc = service.parsePearlDocument(
        TextDocument.create('file:///bench/quality.pearl.json', 'pearl', 1, generateShapedPearl(shape, nodes)),
      );
      const graph = service.getGraph(doc, []);
      const engines: [string, () => Drawing | Promise<Drawing>][] = [
        ['preview (layered + stubs)', () => ownLayout(graph)],
        ['dagre', () => dagreLayout(graph)],
        ['elkjs layered', () => elkLayout(graph)],
      ];
      for (const [engine, run] of engines) {
        const { drawing, ms } = await timed(run);
        const cells = [
          shape,
          nodes,
          graph.edges.length,
          engine,
          countCrossings(drawing.lines),
          Math.round(drawing.width),
          Math.round(drawing.height),
          Math.round(ms),
        ];
        lines.push(`| ${cells.join(' | ')} |`);
        process.stderr.write(`${lines[lines.length - 1]}\n`);
      }
    }
  }
  process.stdout.write(`${lines.join('\n')}\n\nlayout-quality: ${os.cpus().length} cores, load average ${load()} (1, 5, 15 min)\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`layout-quality failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
