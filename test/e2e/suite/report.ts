import * as fs from 'node:fs';

/**
 * What the suite tells the harness (`PEARL_E2E_REPORT`, a JSON file; the extension host inherits
 * the environment of code-server, or of VS Code under @vscode/test-electron): measurements, and the
 * commands registered, so the UI pass knows which of its checks can run.
 */
export interface SuiteReport {
  /** From opening the first `*.pearl.json` to the extension's `activate()` having resolved, in ms. */
  activationMs?: number;
  /** The folder the extension was loaded from. */
  extensionPath?: string;
  /** VS Code's version in the extension host. */
  vscodeVersion?: string;
  /** The `pearl.*` commands registered once the extension is active (a feature's are there once it is). */
  commands?: string[];
  failures?: number;
}

const current: SuiteReport = {};

/** Merges `update` into the report and writes it (no-op without `PEARL_E2E_REPORT`). */
export function writeReport(update: SuiteReport): void {
  Object.assign(current, update);
  const file = process.env.PEARL_E2E_REPORT;
  if (file) fs.writeFileSync(file, JSON.stringify(current, null, 2));
}
