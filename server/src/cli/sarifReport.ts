import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DiagnosticCode, diagnosticRules, ruleDocumentationHref, walkRules } from '../service/pearlLanguageService';
import type { LintRecord, LintSeverity } from './lintReport';

/** Tool facts a SARIF log names. */
export interface SarifTool {
  /** The package version. */
  readonly version: string;
  /** The project's page (the driver's `informationUri`). */
  readonly homepage: string | undefined;
}

const sarifLevels: Record<LintSeverity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note', hint: 'note' };
/** SARIF levels by LSP DiagnosticSeverity (1 Error, 2 Warning, 3 Information, 4 Hint). */
const levelsBySeverity = ['none', 'error', 'warning', 'note', 'note'] as const;

/** A SARIF reportingDescriptor for `id`: documentation, summary and default level for a registered code. */
function sarifRule(id: string): object {
  const rule = (diagnosticRules as Readonly<Record<string, (typeof diagnosticRules)[DiagnosticCode] | undefined>>)[id];
  const walkRule = Object.values(walkRules).find((candidate) => candidate.code === id);
  if (walkRule) {
    return {
      id,
      helpUri: walkRule.href,
      shortDescription: { text: walkRule.summary },
      defaultConfiguration: { level: levelsBySeverity[walkRule.severity] },
    };
  }
  if (!rule) return { id };
  return {
    id,
    helpUri: ruleDocumentationHref(id as DiagnosticCode),
    shortDescription: { text: rule.summary },
    defaultConfiguration: { level: levelsBySeverity[rule.severity] },
  };
}

/**
 * The records as a SARIF 2.1.0 log (OASIS SARIF v2.1.0 § 3.13 sarifLog): one run whose tool driver
 * `pearl-lint` lists a rule per diagnostic code, walks-file codes included (`helpUri`: the code's entry in docs/rules.md, with
 * its one-line summary and default level from the registry of diagnostic codes), and one
 * result per record with its level, message and region. Regions are 1-based with columns in UTF-16
 * code units (`columnKind`), the end column exclusive, as SARIF defines them. Relative file paths
 * become relative URIs (`uriBaseId: "%SRCROOT%"`, the working folder), absolute ones `file:` URIs.
 */
export function formatLintSarif(records: readonly LintRecord[], tool: SarifTool): string {
  const codes = [
    ...new Set<string>([
      ...Object.values(DiagnosticCode),
      ...Object.values(walkRules).map((rule) => rule.code),
      ...records.map((r) => r.code).filter((code) => code !== ''),
    ]),
  ];
  const ruleIndex = new Map(codes.map((code, index) => [code, index]));
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'pearl-lint',
            version: tool.version,
            ...(tool.homepage ? { informationUri: tool.homepage } : {}),
            rules: codes.map(sarifRule),
          },
        },
        columnKind: 'utf16CodeUnits',
        results: records.map((record) => ({
          ...(record.code ? { ruleId: record.code, ruleIndex: ruleIndex.get(record.code) } : {}),
          level: sarifLevels[record.severity],
          message: { text: record.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: artifactLocation(record.file),
                region: { startLine: record.line, startColumn: record.column, endLine: record.endLine, endColumn: record.endColumn },
              },
            },
          ],
        })),
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

function artifactLocation(file: string): { uri: string; uriBaseId?: string } {
  if (path.isAbsolute(file)) return { uri: pathToFileURL(file).href };
  return { uri: file.split(path.sep).map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%' };
}
