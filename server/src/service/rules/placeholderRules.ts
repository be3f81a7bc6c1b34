import { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver-types';
import { createDiagnostic, valueSpan } from './diagnostics';
import type { PearlDocument } from '../document/pearlDocument';
import { findTemplatePlaceholders, type FoundPlaceholder, isTemplatePlaceholder } from '../document/templatePlaceholders';
import { quote } from '../interface/messageText';
import { defineRules, rulingsSection, type RuleModule } from './ruleModule';
import type { JsonPath } from '../document/jsonValue';

/** The codes of this family, in the order docs/rules.md lists them. */
const codes = defineRules('field rules', {
  templatePlaceholder: {
    code: 'template-placeholder',
    severity: DiagnosticSeverity.Warning,
    summary:
      'A value a template left for you to fill, written `<your text channel id>` (a description between angle brackets), anywhere in the request: Deploy refuses to send it.',
    section: rulingsSection('Template placeholders'),
    examples: {
      fails: '{ "pearl": { "nodes": [] }, "inbound": { "textChannelId": "<your text channel id>" } }',
      passes: '{ "pearl": { "nodes": [] }, "inbound": { "textChannelId": "tc_harbor_chat" } }',
    },
  },
});

/** The template placeholder rule: the code above and its check. */
export const placeholderRules: RuleModule<typeof codes> = { name: 'template placeholder rules', rules: codes, check: validatePlaceholders };

/**
 * `template-placeholder` (Warning) on each string value of the request that is a template
 * placeholder (docs/rulings.md § Template placeholders; `document/templatePlaceholders.ts` defines
 * the form), on the value. The service would accept it as text, so it is not an Error (docs/rulings.md
 * § Error only where the service would reject), but it is never what the author means to send:
 * Deploy refuses it (the deploy payload's `placeholders`).
 */
export function validatePlaceholders(doc: PearlDocument, diagnostics: Diagnostic[]): void {
  for (const found of placeholdersOf(doc)) {
    diagnostics.push(
      createDiagnostic(
        doc,
        valueSpan(doc, found.path),
        codes.templatePlaceholder,
        `${describeField(found.path)} is still the placeholder ${quote(found.value)}: replace it with the value to send; Deploy does not send a placeholder.`,
      ),
    );
  }
}

const noPlaceholders: readonly FoundPlaceholder[] = [];

/** The placeholders found in one parse. */
interface KeptPlaceholders {
  readonly parseId: number;
  readonly found: readonly FoundPlaceholder[];
}

/**
 * The placeholders of `doc`: those of the parse it was patched from when the edited string was no
 * placeholder before the edit and is none after it (typing in a script finds the same ones, at the
 * same paths; their ranges are located anew), else none when the parse counted no string that
 * begins with `<`, else from a walk of the whole value. Kept in the
 * model's cache for the next keystroke.
 */
function placeholdersOf(doc: PearlDocument): readonly FoundPlaceholder[] {
  const last = doc.modelCache.placeholders as KeptPlaceholders | undefined;
  const patch = doc.stringPatch;
  const unchanged =
    last !== undefined &&
    (last.parseId === doc.parseId ||
      (patch !== undefined &&
        last.parseId === patch.from &&
        !isTemplatePlaceholder(patch.oldContent) &&
        !isTemplatePlaceholder(patch.content)));
  // A value with no string that begins with `<` (counted as the text was parsed) holds none.
  const found = unchanged ? last.found : doc.valueShape?.angleBracketStrings === 0 ? noPlaceholders : findTemplatePlaceholders(doc.value);
  doc.modelCache.placeholders = { parseId: doc.parseId, found } satisfies KeptPlaceholders;
  return found;
}

/** `'textChannelId'`, or `An entry of 'to'` for an array element: the field by its own name. */
function describeField(path: JsonPath): string {
  const last = path[path.length - 1];
  if (typeof last === 'string') return `'${quote(last)}'`;
  const named = [...path].reverse().find((segment): segment is string => typeof segment === 'string');
  return named === undefined ? 'A value' : `An entry of '${quote(named)}'`;
}
