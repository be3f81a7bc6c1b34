import { Diagnostic } from 'vscode-languageserver-types';
import { validateApiSettingsRules } from './fieldRules/apiSettingsRules';
import { validateCallingHoursRules } from './fieldRules/callingHoursRules';
import { validateChannelRules } from './fieldRules/channelRules';
import { validateCountRules } from './fieldRules/countRules';
import { validateIndicatorTagRules } from './fieldRules/indicatorTagRules';
import { validateNodeSettingsRules } from './fieldRules/nodeSettingsRules';
import { FieldRule } from './fieldRules/ruleSupport';
import { validateTimeZoneRules } from './fieldRules/timeZoneRules';
import { validateTransferCallRules } from './fieldRules/transferCallRules';
import { validateVariableDeclarationRules } from './fieldRules/variableDeclarationRules';
import type { PearlDocument } from '../document/pearlDocument';

export type { TimeZoneFixData } from './fieldRules/timeZoneRules';

const fieldRules: readonly FieldRule[] = [
  validateChannelRules,
  validateIndicatorTagRules,
  validateVariableDeclarationRules,
  validateApiSettingsRules,
  validateNodeSettingsRules,
  validateTransferCallRules,
  validateCallingHoursRules,
  validateTimeZoneRules,
  validateCountRules,
];

/**
 * The field rules of both create requests: what the interface states about fields that a schema
 * cannot express (docs/interface.md § Resources and their fields, § Endpoints, graph rules 6
 * and 7; docs/rulings.md § Values, § Variables). Structure, types, enumerations, lengths and item
 * counts are schema validation's. Each rule lives in `fieldRules/` with its codes and severities:
 * channel (`channel-missing`, `channel-both`), indicator tags (`label-*`), variable declarations
 * (`variable-id-duplicate`, `variable-postcall-declared`), API settings (`api-property-*`,
 * `api-body-not-allowed`), node settings and nested actions (`node-settings-*`, `*-misplaced`,
 * `nested-node-*`), transfer triggers (`transfer-trigger-*`), calling hours (`date-span-format`,
 * `calling-hours-*`), time zones (`time-zone`) and counts (`count-below-minimum`,
 * `follow-up-after-close`).
 *
 * Robust to any partial or wrong-typed input: values of the wrong type are skipped. Never throws;
 * linear in the size of the document (calling hours: n log n in the windows of one day).
 */
export function validateFieldRules(doc: PearlDocument): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const rule of fieldRules) rule(doc, diagnostics);
  return diagnostics;
}
