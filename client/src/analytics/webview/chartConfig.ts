/**
 * Chart.js configurations for the analytics page's {@link ChartModel}s: bars, a doughnut, time lines
 * with the deployments drawn as dashed vertical lines, and the weekday × hour heat map
 * (chartjs-chart-matrix). Only the parts of Chart.js the page uses are registered. Animations are
 * off: the first draw is immediate and nothing moves for users who asked for reduced motion.
 */

import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  type Plugin,
  PointElement,
  Tooltip,
} from 'chart.js';
import { MatrixController, MatrixElement } from 'chartjs-chart-matrix';
import { type ChartModel, type DeploymentMark, weekdayNames } from '../analyticsData';
import type { Theme } from './theme';

Chart.register(
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  MatrixController,
  MatrixElement,
);

/** Options of the page's own plugins, per chart. */
interface PagePluginOptions {
  background: string;
  marks: readonly DeploymentMark[];
  markColor: string;
}

/** Paints the chart's background first, so an exported PNG has the theme's background, not transparency. */
const backgroundPlugin: Plugin = {
  id: 'pearlBackground',
  beforeDraw(chart, _args, options: Partial<PagePluginOptions>) {
    if (!options.background) return;
    const context = chart.ctx;
    context.save();
    context.fillStyle = options.background;
    context.fillRect(0, 0, chart.width, chart.height);
    context.restore();
  },
};

/**
 * Draws each deployment as a dashed vertical line over a time line, at its fractional position
 * between two labels (analyticsData.ts `placeMarks`), with a small triangle at the top.
 */
const marksPlugin: Plugin = {
  id: 'pearlMarks',
  afterDatasetsDraw(chart, _args, options: Partial<PagePluginOptions>) {
    const marks = options.marks ?? [];
    const scale = chart.scales.x;
    if (marks.length === 0 || scale === undefined) return;
    const { top, bottom } = chart.chartArea;
    const context = chart.ctx;
    context.save();
    context.strokeStyle = options.markColor ?? '#888';
    context.fillStyle = options.markColor ?? '#888';
    context.lineWidth = 1.5;
    context.setLineDash([5, 4]);
    for (const mark of marks) {
      const x = markX(scale, mark.position);
      context.beginPath();
      context.moveTo(x, top);
      context.lineTo(x, bottom);
      context.stroke();
      context.beginPath();
      context.moveTo(x - 5, top);
      context.lineTo(x + 5, top);
      context.lineTo(x, top + 7);
      context.closePath();
      context.fill();
    }
    context.restore();
  },
};

/** The x pixel of a fractional label index on a category scale: between the two labels' pixels. */
function markX(scale: { getPixelForValue(value: number): number }, position: number): number {
  const index = Math.floor(position);
  const here = scale.getPixelForValue(index);
  const fraction = position - index;
  if (fraction === 0) return here;
  const next = scale.getPixelForValue(index + 1);
  return here + (Number.isFinite(next) ? (next - here) * fraction : 0);
}

Chart.register(backgroundPlugin, marksPlugin);

/** The Chart.js configuration of `model` in `theme`. */
export function chartConfiguration(model: ChartModel, theme: Theme): ChartConfiguration {
  const plugins = {
    legend: { display: false, labels: { color: theme.foreground } },
    tooltip: { enabled: true },
    pearlBackground: { background: theme.background },
    pearlMarks: { marks: model.kind === 'line' ? model.marks : [], markColor: theme.foreground },
  };
  const common = { responsive: true, maintainAspectRatio: false, animation: false as const, normalized: true };
  const axis = { ticks: { color: theme.foreground }, grid: { color: theme.grid }, border: { color: theme.grid } };
  switch (model.kind) {
    case 'doughnut':
      return {
        type: 'doughnut',
        data: {
          labels: [...model.labels],
          datasets: [
            { data: [...model.values], backgroundColor: model.colors.map(theme.color), borderColor: theme.background, borderWidth: 2 },
          ],
        },
        options: { ...common, plugins: { ...plugins, legend: { display: true, position: 'right', labels: { color: theme.foreground } } } },
      };
    case 'bar':
      return {
        type: 'bar',
        data: {
          labels: model.labels.map(axisLabel),
          datasets: [
            {
              label: model.valueLabel,
              data: [...model.values],
              backgroundColor: model.colors.map(theme.color),
              borderColor: theme.highContrast ? theme.foreground : model.colors.map(theme.color),
              borderWidth: theme.highContrast ? 1 : 0,
            },
          ],
        },
        options: {
          ...common,
          indexAxis: 'y',
          plugins,
          scales: { x: { ...axis, beginAtZero: true, title: { display: true, text: model.valueLabel, color: theme.foreground } }, y: axis },
        },
      };
    case 'line':
      return lineConfiguration(model, theme, common, plugins, axis);
    case 'heatmap':
      return heatmapConfiguration(model, theme, common, plugins, axis);
  }
}

type LineModel = Extract<ChartModel, { kind: 'line' }>;
type HeatmapModel = Extract<ChartModel, { kind: 'heatmap' }>;

function lineConfiguration(model: LineModel, theme: Theme, common: object, plugins: object, axis: object): ChartConfiguration {
  const right = model.series.some((series) => series.axis === 'right');
  const title = (text: string): object => ({ display: true, text, color: theme.foreground });
  return {
    type: 'line',
    data: {
      labels: [...model.labels],
      datasets: model.series.map((series, index) => ({
        label: series.label,
        data: [...series.values],
        borderColor: theme.color(series.color),
        backgroundColor: theme.color(series.color),
        borderWidth: 2,
        // Series after the first are dashed, so they differ by more than colour.
        borderDash: index === 0 ? [] : [6, 3],
        pointRadius: model.labels.length > 45 ? 0 : 2,
        spanGaps: false,
        yAxisID: series.axis === 'right' ? 'y1' : 'y',
      })),
    },
    options: {
      ...common,
      interaction: { mode: 'index', intersect: false },
      plugins: { ...plugins, legend: { display: model.series.length > 1, labels: { color: theme.foreground } } },
      scales: {
        x: { ...axis, ticks: { color: theme.foreground, maxRotation: 0, autoSkip: true } },
        y: { ...axis, beginAtZero: true, ...(model.percent ? { max: 100 } : {}), title: title(model.unit) },
        ...(right
          ? { y1: { ...axis, position: 'right', beginAtZero: true, grid: { drawOnChartArea: false }, title: title(model.rightUnit ?? '') } }
          : {}),
      },
    },
  };
}

function heatmapConfiguration(model: HeatmapModel, theme: Theme, common: object, plugins: object, axis: object): ChartConfiguration {
  const base = theme.color('blue');
  const max = Math.max(1, model.max);
  return {
    type: 'matrix',
    data: {
      datasets: [
        {
          label: 'Calls',
          data: model.cells.map((cell) => ({ x: cell.hour, y: cell.day, v: cell.count })),
          backgroundColor: (context: { raw?: { v?: number } }) => withAlpha(base, 0.08 + 0.92 * ((context.raw?.v ?? 0) / max)),
          borderColor: theme.highContrast ? theme.foreground : theme.background,
          borderWidth: 1,
          width: (context: { chart: Chart }) => Math.max(1, (context.chart.chartArea?.width ?? 0) / 24 - 1),
          height: (context: { chart: Chart }) => Math.max(1, (context.chart.chartArea?.height ?? 0) / 7 - 1),
        },
      ],
    },
    options: {
      ...common,
      plugins: {
        ...plugins,
        tooltip: {
          callbacks: {
            title: () => '',
            label: (context: { raw: { x: number; y: number; v: number } }) =>
              `${weekdayNames[context.raw.y]} ${String(context.raw.x).padStart(2, '0')}:00: ${context.raw.v} calls`,
          },
        },
      },
      scales: {
        x: {
          ...axis,
          type: 'linear',
          min: -0.5,
          max: 23.5,
          offset: false,
          ticks: {
            color: theme.foreground,
            stepSize: 1,
            callback: (value: number) => (Number.isInteger(value) && value % 3 === 0 ? `${value}h` : ''),
          },
          grid: { display: false },
        },
        y: {
          ...axis,
          type: 'linear',
          min: -0.5,
          max: 6.5,
          reverse: true,
          offset: false,
          ticks: {
            color: theme.foreground,
            stepSize: 1,
            callback: (value: number) => (Number.isInteger(value) ? (weekdayNames[value] ?? '').slice(0, 3) : ''),
          },
          grid: { display: false },
        },
      },
    },
  } as unknown as ChartConfiguration;
}

/** Longest label drawn beside a bar, in characters; the table has the whole text. */
const maxAxisLabelLength = 32;

/** `label` cut at {@link maxAxisLabelLength} with `…`. */
function axisLabel(label: string): string {
  return label.length > maxAxisLabelLength ? `${label.slice(0, maxAxisLabelLength - 1)}…` : label;
}

/** A CSS colour `#rgb`, `#rrggbb` or `rgb(…)` with the given opacity; other forms are returned as they are. */
export function withAlpha(color: string, alpha: number): string {
  const a = Math.min(1, Math.max(0, alpha)).toFixed(3);
  const short = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (short !== undefined) {
    const hex = short.length === 3 ? [...short].map((digit) => digit + digit).join('') : short;
    const [r, g, b] = [0, 2, 4].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
    return `rgba(${r}, ${g}, ${b}, ${a})`;
  }
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i.exec(color.trim());
  return rgb ? `rgba(${rgb[1]}, ${rgb[2]}, ${rgb[3]}, ${a})` : color;
}
