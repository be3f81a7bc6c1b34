/**
 * The analytics page's colours and font, read from VS Code's theme variables at draw time (the
 * webview sets `--vscode-*` on the page and `vscode-light` / `vscode-dark` / `vscode-high-contrast`
 * on the body), so the charts follow light, dark and high-contrast themes; {@link watchTheme} calls back
 * when the theme changes.
 */

import type { ChartColor } from '../analyticsData';

/** The resolved colours and font of one draw. */
export interface Theme {
  readonly foreground: string;
  readonly background: string;
  readonly grid: string;
  readonly fontFamily: string;
  readonly fontSize: number;
  readonly highContrast: boolean;
  /** A {@link ChartColor} as a CSS colour. */
  color(color: ChartColor): string;
}

/** Used when a variable is not set (outside VS Code): VS Code's Dark Modern colours. */
const fallbacks: Readonly<Record<string, string>> = {
  '--vscode-charts-green': '#89d185',
  '--vscode-charts-red': '#f14c4c',
  '--vscode-charts-yellow': '#cca700',
  '--vscode-charts-orange': '#d18616',
  '--vscode-charts-blue': '#3794ff',
  '--vscode-charts-purple': '#b180d7',
  '--vscode-charts-foreground': '#cccccc',
  '--vscode-charts-lines': 'rgba(204, 204, 204, 0.5)',
  '--vscode-editor-background': '#1f1f1f',
  '--vscode-editor-foreground': '#cccccc',
  '--vscode-font-family': 'system-ui, sans-serif',
  '--vscode-font-size': '13px',
};

/** The theme as it is now. */
export function readTheme(): Theme {
  const style = getComputedStyle(document.documentElement);
  const variable = (name: string): string => style.getPropertyValue(name).trim() || fallbacks[name] || '';
  const highContrast =
    document.body.classList.contains('vscode-high-contrast') || document.body.classList.contains('vscode-high-contrast-light');
  const foreground = variable('--vscode-charts-foreground') || variable('--vscode-editor-foreground');
  return {
    foreground,
    background: variable('--vscode-editor-background'),
    grid: highContrast ? foreground : variable('--vscode-charts-lines'),
    fontFamily: variable('--vscode-font-family'),
    fontSize: Number.parseFloat(variable('--vscode-font-size')) || 13,
    highContrast,
    color: (color) =>
      color.startsWith('#') ? color : color === 'lines' ? variable('--vscode-charts-lines') : variable(`--vscode-charts-${color}`),
  };
}

/**
 * Calls `onChange` (once per animation frame at most) when the body's theme class or the page's
 * variables change. Returns a function that stops watching.
 */
export function watchTheme(onChange: () => void): () => void {
  let pending = false;
  const observer = new MutationObserver(() => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      onChange();
    });
  });
  observer.observe(document.body, { attributes: true, attributeFilter: ['class', 'data-vscode-theme-kind'] });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['style', 'class'] });
  return () => observer.disconnect();
}
