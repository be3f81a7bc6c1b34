import type { Diagnostic } from 'vscode-languageserver-types';

/** Severity names as the CLI prints them (LSP DiagnosticSeverity 1 to 4). */
export type LintSeverity = 'error' | 'warning' | 'info' | 'hint';

/**
 * One diagnostic as the CLI reports it; the element type of `--format json`. Lines and columns
 * are 1-based, columns in UTF-16 code units (as editors count them); the end is exclusive.
 */
export interface LintRecord {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly severity: LintSeverity;
  readonly code: string;
  readonly message: string;
  /** The code's entry in docs/rules.md (the diagnostic's LSP `codeDescription.href`); absent for a diagnostic without one. */
  readonly href?: string;
}

/** Counts of a run, for the summary line. */
export interface LintCounts {
  readonly errors: number;
  readonly warnings: number;
  readonly infos: number;
  readonly hints: number;
  readonly files: number;
}

const severityNames: Record<number, LintSeverity> = { 1: 'error', 2: 'warning', 3: 'info', 4: 'hint' };

/** The record of a service diagnostic of `file`. A diagnostic without severity counts as an error. */
export function toLintRecord(file: string, diagnostic: Diagnostic): LintRecord {
  const { start, end } = diagnostic.range;
  return {
    file,
    line: start.line + 1,
    column: start.character + 1,
    endLine: end.line + 1,
    endColumn: end.character + 1,
    severity: severityNames[diagnostic.severity ?? 1] ?? 'error',
    code: diagnostic.code === undefined ? '' : String(diagnostic.code),
    message: diagnostic.message,
    ...(diagnostic.codeDescription ? { href: diagnostic.codeDescription.href } : {}),
  };
}

/** Sorts records by file, then start position; records at the same position keep their order. */
export function sortLintRecords(records: LintRecord[]): LintRecord[] {
  return records.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.line - b.line || a.column - b.column);
}

/** One `path:line:col: severity code message` line per record; a multi-line message is joined. */
export function formatLintText(records: readonly LintRecord[]): string {
  return records
    .map((r) => `${r.file}:${r.line}:${r.column}: ${r.severity} ${r.code || '-'} ${r.message.replace(/\s*\r?\n\s*/g, ' ')}\n`)
    .join('');
}

/** The records as one JSON array, with a final newline. */
export function formatLintJson(records: readonly LintRecord[]): string {
  return `${JSON.stringify(records, null, 2)}\n`;
}

/** `3 errors, 2 warnings in 4 files`; information and hint counts are added when not zero. */
export function formatLintSummary(counts: LintCounts): string {
  const parts = [plural(counts.errors, 'error'), plural(counts.warnings, 'warning')];
  if (counts.infos > 0) parts.push(`${counts.infos} info`);
  if (counts.hints > 0) parts.push(plural(counts.hints, 'hint'));
  return `${parts.join(', ')} in ${plural(counts.files, 'file')}\n`;
}

/** Counts the records of each severity. */
export function countLintRecords(records: readonly LintRecord[], files: number): LintCounts {
  const count = (severity: LintSeverity): number => records.filter((r) => r.severity === severity).length;
  return { errors: count('error'), warnings: count('warning'), infos: count('info'), hints: count('hint'), files };
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
