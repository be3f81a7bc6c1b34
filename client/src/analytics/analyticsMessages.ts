/**
 * The messages between the analytics panel (host, analyticsPanel.ts) and its page
 * (webview/analyticsPage.ts). The host sends prepared data only (analyticsData.ts); the page draws it
 * and asks the host for what needs the editor: another range, a reload, a file to save.
 */

import type { Dashboard } from './analyticsData';

/** Host → page. */
export type AnalyticsHostMessage =
  /** A request is in flight for `rangeText`; the page keeps what it shows and says so. */
  | { readonly type: 'loading'; readonly title: string; readonly rangeText: string }
  /** The charts to draw. */
  | { readonly type: 'dashboard'; readonly dashboard: Dashboard }
  /** The request failed: one or two plain sentences. */
  | { readonly type: 'error'; readonly title: string; readonly rangeText: string; readonly message: string }
  /** What the page keeps with `setState`, so that VS Code restores the page after a reload. */
  | { readonly type: 'remember'; readonly state: AnalyticsViewState };

/**
 * The analytics page's saved state: the Pearl (id, name, type: what the Pearls view listed) and the
 * range, as ISO 8601 date-times. No figure of the analytics: they are read again.
 */
export interface AnalyticsViewState {
  readonly pearl: { readonly id: string; readonly name?: string; readonly type?: number };
  readonly from: string;
  readonly to: string;
}

/** Whether `value` is an {@link AnalyticsViewState} with valid dates (it comes back from the page: checked). */
export function isAnalyticsViewState(value: unknown): value is AnalyticsViewState {
  if (typeof value !== 'object' || value === null) return false;
  const { pearl, from, to } = value as { pearl?: unknown; from?: unknown; to?: unknown };
  if (typeof pearl !== 'object' || pearl === null || typeof from !== 'string' || typeof to !== 'string') return false;
  const { id, name, type } = pearl as { id?: unknown; name?: unknown; type?: unknown };
  return (
    typeof id === 'string' &&
    (name === undefined || typeof name === 'string') &&
    (type === undefined || (typeof type === 'number' && Number.isInteger(type))) &&
    !Number.isNaN(Date.parse(from)) &&
    !Number.isNaN(Date.parse(to))
  );
}

/** Page → host. */
export type AnalyticsPageMessage =
  /** The page has loaded (again, after being hidden): send what it should show. */
  | { readonly type: 'ready' }
  /** "Change range…": the host asks with a quick pick. */
  | { readonly type: 'changeRange' }
  /** "Reload": the same range again. */
  | { readonly type: 'reload' }
  /** "Save CSV" of a chart: the host writes the chart's table after a save dialog. */
  | { readonly type: 'exportCsv'; readonly chartId: string }
  /** "Save PNG" of a chart: `dataUrl` is the canvas as `data:image/png;base64,…`. */
  | { readonly type: 'exportPng'; readonly chartId: string; readonly dataUrl: string };

/** Longest PNG data URL the host accepts from the page, in characters (16 MiB). */
export const maxPngDataUrlLength = 16 * 1024 * 1024;

/** Whether `value` is a well-formed {@link AnalyticsPageMessage} (the page is not trusted to send only those). */
export function isAnalyticsPageMessage(value: unknown): value is AnalyticsPageMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  switch (message.type) {
    case 'ready':
    case 'changeRange':
    case 'reload':
      return true;
    case 'exportCsv':
      return typeof message.chartId === 'string' && message.chartId.length <= 64;
    case 'exportPng':
      return (
        typeof message.chartId === 'string' &&
        message.chartId.length <= 64 &&
        typeof message.dataUrl === 'string' &&
        message.dataUrl.length <= maxPngDataUrlLength &&
        message.dataUrl.startsWith('data:image/png;base64,')
      );
    default:
      return false;
  }
}

/** The bytes of a `data:image/png;base64,…` URL, or undefined when it is not a PNG (its signature). */
export function pngBytes(dataUrl: string): Uint8Array | undefined {
  const base64 = dataUrl.slice('data:image/png;base64,'.length);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) return undefined;
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  return signature.every((byte, index) => bytes[index] === byte) ? bytes : undefined;
}
