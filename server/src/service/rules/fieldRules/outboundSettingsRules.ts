import { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver-types';
import { createDiagnostic, valueSpan } from '../diagnostics';
import { VariableGroup, type PearlDocument } from '../../document/pearlDocument';
import { findValueReferences, placeValueReferences } from '../../document/variableReferences';
import { variableGroupNames } from '../../interface/enumNames';
import { outboundBounds, type OutboundBound } from '../../interface/outboundSettings';
import { getChannelValue, integerOf, int32Max, int32Min } from './ruleSupport';
import { defineRules, rulingsSection, type RuleModule } from '../ruleModule';

/** The codes of the outbound call settings of a simple Pearl (docs/rulings.md § Service), in the order docs/rules.md lists them. */
const codes = defineRules('field rules', {
  outboundSettingOutOfRange: {
    code: 'outbound-setting-out-of-range',
    severity: DiagnosticSeverity.Warning,
    summary:
      'A simple Pearl outbound setting outside what NLPearl states for the settings update: `ringDuration` 10 to 50 seconds, `callTimeout` 1 to 120 minutes, `maximumCallAttempts` at most 5, `minimumRetryIntervalHours` 1 to 6.',
    section: rulingsSection('Service'),
    examples: {
      fails: '{ "pearl": { "flowScript": "Greet, then ask." }, "outbound": { "ringDuration": 90 } }',
      passes: '{ "pearl": { "flowScript": "Greet, then ask." }, "outbound": { "ringDuration": 30 } }',
    },
  },
  voiceMailVariableGroup: {
    code: 'voicemail-variable-group',
    severity: DiagnosticSeverity.Warning,
    summary: 'A simple Pearl outbound `voiceMail` that refers to an InCall or PostCall variable: it takes PreCall variables only.',
    section: rulingsSection('Service'),
    examples: {
      fails: `{
  "pearl": { "flowScript": "Greet, then ask." },
  "outbound": { "voiceMail": "Hi, about your slot {slot}." },
  "variables": [{ "id": "slot", "group": 2 }]
}`,
      passes: `{
  "pearl": { "flowScript": "Greet, then ask." },
  "outbound": { "voiceMail": "Hi {first_name}, please call us back." },
  "variables": [{ "id": "first_name", "group": 1 }]
}`,
    },
  },
});

/** The outbound settings rules: the codes above and their check. */
export const outboundSettingsRules: RuleModule<typeof codes> = {
  name: 'outbound settings rules',
  rules: codes,
  check: validateOutboundSettings,
};

/**
 * The outbound call settings of a simple Pearl against what NLPearl's reference states for their
 * update (docs/rulings.md § Service; facts in interface/outboundSettings.ts):
 * - `outbound-setting-out-of-range` (Warning, on the value): an integer `ringDuration` outside 10
 *   to 50 (seconds), `callTimeout` outside 1 to 120 (minutes), `maximumCallAttempts` over 5,
 *   `minimumRetryIntervalHours` outside its enumeration 1 to 6 (values below a count's minimum,
 *   such as 0 attempts, are `count-below-minimum`'s; outside 32 bits, `int32-range`'s);
 * - `voicemail-variable-group` (Warning, on the `{id}`): a declared InCall or PostCall variable in
 *   `voiceMail`.
 * Text Pearls have none of these settings. Linear in the length of `voiceMail`.
 */
function validateOutboundSettings(doc: PearlDocument, diagnostics: Diagnostic[]): void {
  if (doc.kind !== 'simple') return;
  const outbound = getChannelValue(doc, 'outbound');
  if (!outbound) return;
  for (const bound of outboundBounds) {
    const value = integerOf(outbound[bound.key]);
    if (value === undefined || value < int32Min || value > int32Max || isWithin(bound, value)) continue;
    // A count below 1 is already count-below-minimum's.
    if (bound.minimum === undefined && value < 1) continue;
    diagnostics.push(
      createDiagnostic(
        doc,
        valueSpan(doc, ['outbound', bound.key]),
        codes.outboundSettingOutOfRange,
        `${bound.key} is ${value}; NLPearl takes ${describeBound(bound)}.`,
      ),
    );
  }
  const voiceMail = outbound.voiceMail;
  if (typeof voiceMail !== 'string') return;
  const references = findValueReferences(voiceMail).filter((reference) => {
    const group = doc.variablesById.get(reference.id)?.group;
    return group === VariableGroup.InCall || group === VariableGroup.PostCall;
  });
  if (references.length === 0) return;
  const placed = placeValueReferences(doc.textDocument.getText(), valueSpan(doc, ['outbound', 'voiceMail']), voiceMail, references);
  references.forEach((reference, index) => {
    const group = doc.variablesById.get(reference.id)?.group as number;
    diagnostics.push(
      createDiagnostic(
        doc,
        placed[index],
        codes.voiceMailVariableGroup,
        `{${reference.id}} is ${variableGroupNames[group]} (group ${group}); voiceMail takes PreCall variables only, as no value is known yet when the voicemail is left.`,
      ),
    );
  });
}

function isWithin(bound: OutboundBound, value: number): boolean {
  return (bound.minimum === undefined || value >= bound.minimum) && value <= bound.maximum;
}

/** `10 to 50 seconds`, `at most 5`, `1 to 6 (1 Every6Hours … 6 Every3Hours)`. */
function describeBound(bound: OutboundBound): string {
  const range = bound.minimum !== undefined ? `${bound.minimum} to ${bound.maximum}` : `at most ${bound.maximum}`;
  if (bound.names)
    return `${range} (${Object.entries(bound.names)
      .map(([value, name]) => `${value} ${name}`)
      .join(', ')})`;
  return bound.unit ? `${range} ${bound.unit}` : range;
}
