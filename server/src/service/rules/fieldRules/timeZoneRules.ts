import { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver-types';
import { readTimeZoneFixData, type TimeZoneFixData, valueNodeIn } from '../diagnosticData';
import { createDiagnostic, valueSpan } from '../diagnostics';
import { PearlDocument } from '../../document/pearlDocument';
import { checkTimeZone } from '../../interface/timeZones';
import { getChannelValue, JsonPath } from './ruleSupport';
import { defineRules, rulingsSection, type RuleModule } from '../ruleModule';
import { Fix, replaceNode } from '../fixSupport';

export type { TimeZoneFixData };

/** The codes of this family, in the order docs/rules.md lists them. */
const codes = defineRules('field rules', {
  timeZone: {
    code: 'time-zone',
    severity: DiagnosticSeverity.Error,
    summary: 'A timeZone that is not a Windows time-zone id (quick fix from an IANA id).',
    section: rulingsSection('Time zone ids'),
    examples: {
      fails: '{ "pearl": { "nodes": [], "timeZone": "Europe/London" } }',
      passes: '{ "pearl": { "nodes": [], "timeZone": "GMT Standard Time" } }',
    },
    fix: fixTimeZone,
    safeFix: true,
  },
});

/** The time zone rules: the codes above and their check. */
export const timeZoneRules: RuleModule<typeof codes> = { name: 'time zone rules', rules: codes, check: validateTimeZoneRules };

/**
 * `pearl.timeZone` and `outbound.timeZone` of either form (docs/interface.md
 * § AdvancedTextPearl "standard-time-name form", § OutboundTextSettings; docs/rulings.md § Values).
 * An empty string is skipped (the field is optional).
 *
 * - `time-zone` (Error, on the value) for anything that is not a Windows time-zone id of CLDR's
 *   windowsZones. For an IANA id CLDR maps, or a Windows id in another letter case or spacing,
 *   the diagnostic's `data` is a {@link TimeZoneFixData}: the value's path, the id and the Windows id.
 */
export function validateTimeZoneRules(doc: PearlDocument, diagnostics: Diagnostic[]): void {
  checkTimeZoneValue(doc, doc.pearlValue?.timeZone, ['pearl', 'timeZone'], diagnostics);
  checkTimeZoneValue(doc, getChannelValue(doc, 'outbound')?.timeZone, ['outbound', 'timeZone'], diagnostics);
}

/** Checks `id`, the value at `path`. */
function checkTimeZoneValue(doc: PearlDocument, id: unknown, path: JsonPath, diagnostics: Diagnostic[]): void {
  if (typeof id !== 'string' || id === '') return;
  const check = checkTimeZone(id);
  let message: string;
  let replacement: string | undefined;
  switch (check.kind) {
    case 'windows':
      return;
    case 'iana':
      replacement = check.windowsId;
      message = replacement
        ? `timeZone '${id}' is an IANA id; the service takes Windows time-zone ids: '${replacement}'.`
        : `timeZone '${id}' is an IANA id; the service takes Windows time-zone ids (standard-time-name form, such as 'Eastern Standard Time').`;
      break;
    case 'misspelled':
      replacement = check.windowsId;
      message = `timeZone '${id}' is not a Windows time-zone id; did you mean '${replacement}'?`;
      break;
    case 'unknown':
      message = `timeZone '${id}' is not a Windows time-zone id (standard-time-name form, such as 'Eastern Standard Time' or 'GMT Standard Time').`;
      break;
  }
  const data = replacement === undefined ? undefined : ({ path, value: id, replacement } satisfies TimeZoneFixData);
  diagnostics.push(createDiagnostic(doc, valueSpan(doc, path), codes.timeZone, message, { data }));
}

/** `time-zone` with `data.replacement` → "Use 'Eastern Standard Time'": the Windows id in place of the value (docs/rulings.md § Time zone ids). */
function fixTimeZone(doc: PearlDocument, { data }: Diagnostic): Fix[] {
  const fixData = readTimeZoneFixData(data);
  const node = fixData && valueNodeIn(doc, fixData);
  if (!fixData || node?.type !== 'string') return [];
  const { replacement } = fixData;
  return [{ title: `Use '${replacement}'`, edits: [replaceNode(node, JSON.stringify(replacement))], isPreferred: true }];
}
