import { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver-types';
import { createDiagnostic, lineAt, valueSpan } from '../diagnostics';
import { PearlDocument } from '../../document/pearlDocument';
import { arrayOf, FirstSeen, isJsonObject, JsonObject, JsonPath } from './ruleSupport';
import { defineRules, interfaceSection, rulingsSection, type RuleModule } from '../ruleModule';

/** The codes of this family, in the order docs/rules.md lists them. */
const codes = defineRules('field rules', {
  labelIdDuplicate: {
    code: 'label-id-duplicate',
    severity: DiagnosticSeverity.Error,
    summary: 'Two indicator tags share an id.',
    section: interfaceSection('CallLabel'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [],
    "indicatorTags": [
      { "id": "Booked", "name": "Booked", "color": 1 },
      { "id": "Booked", "name": "Booked again", "color": 2 }
    ]
  }
}`,
      passes: `{
  "pearl": {
    "nodes": [],
    "indicatorTags": [
      { "id": "Booked", "name": "Booked", "color": 1 },
      { "id": "ReBook", "name": "Booked again", "color": 2 }
    ]
  }
}`,
    },
  },
  labelColorDuplicate: {
    code: 'label-color-duplicate',
    severity: DiagnosticSeverity.Error,
    summary: 'Two indicator tags share a color.',
    section: rulingsSection('Indicator tag colors'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [],
    "indicatorTags": [
      { "id": "Booked", "name": "Booked", "color": 1 },
      { "id": "ReBook", "name": "Booked again", "color": 1 }
    ]
  }
}`,
      passes: `{
  "pearl": {
    "nodes": [],
    "indicatorTags": [
      { "id": "Booked", "name": "Booked", "color": 1 },
      { "id": "ReBook", "name": "Booked again", "color": 2 }
    ]
  }
}`,
    },
  },
  labelIdUnknown: {
    code: 'label-id-unknown',
    severity: DiagnosticSeverity.Warning,
    summary: 'A notification names an indicator tag id not defined in pearl.indicatorTags.',
    section: interfaceSection('CallLabel'),
    examples: {
      fails: `{
  "pearl": {
    "openingSentence": "Hello!",
    "indicatorTags": [{ "id": "Refill", "name": "Refill", "color": 1 }],
    "notifications": [{ "indicatorTagsIds": ["Urgent"] }]
  }
}`,
      passes: `{
  "pearl": {
    "openingSentence": "Hello!",
    "indicatorTags": [{ "id": "Refill", "name": "Refill", "color": 1 }],
    "notifications": [{ "indicatorTagsIds": ["Refill"] }]
  }
}`,
    },
  },
});

/** The indicator tag rules: the codes above and their check. */
export const indicatorTagRules: RuleModule<typeof codes> = { name: 'indicator tag rules', rules: codes, check: validateIndicatorTagRules };

/** An indicator tag as sent, with where it is (`['pearl', 'indicatorTags', index]`). */
interface Tag {
  readonly value: JsonObject;
  readonly path: JsonPath;
}

/**
 * Indicator tags (docs/interface.md § AdvancedTextPearl "colors must be unique across the
 * tags", § CallLabel "It is the stable identifier"; docs/rulings.md § Values "unique among the tags",
 * "indicatorTagsIds in notifications must name tags defined in pearl.indicatorTags").
 *
 * - `label-id-duplicate` (Error) on the second and later uses of an id;
 * - `label-color-duplicate` (Error) on the second and later uses of a color;
 * - `label-id-unknown` (Warning; the interface itself does not state it) on each
 *   `pearl.notifications[].indicatorTagsIds` entry of a simple Pearl that names no tag.
 */
export function validateIndicatorTagRules(doc: PearlDocument, diagnostics: Diagnostic[]): void {
  const ids = new FirstSeen<string, Tag>();
  const colors = new FirstSeen<number, Tag>();
  arrayOf(doc.pearlValue?.indicatorTags).forEach((value, index) => {
    if (!isJsonObject(value)) return;
    const tag: Tag = { value, path: ['pearl', 'indicatorTags', index] };
    const id = value.id;
    // An empty id is generated server-side (and reported by the id format rule).
    if (typeof id === 'string' && id !== '') {
      const first = ids.repeatOf(id, tag);
      if (first !== undefined) {
        diagnostics.push(
          createDiagnostic(
            doc,
            valueSpan(doc, [...tag.path, 'id']),
            codes.labelIdDuplicate,
            `Indicator tag id '${id}' is already used by the tag on line ${lineAt(doc, first.path)}: ids must be unique among the tags.`,
          ),
        );
      }
    }
    const color = value.color;
    if (typeof color === 'number') {
      const first = colors.repeatOf(color, tag);
      if (first !== undefined) {
        diagnostics.push(
          createDiagnostic(
            doc,
            valueSpan(doc, [...tag.path, 'color']),
            codes.labelColorDuplicate,
            `color ${color} is already used by ${describeTag(first.value)} on line ${lineAt(doc, first.path)}: colors must be unique across the tags.`,
          ),
        );
      }
    }
  });

  if (doc.kind !== 'simple') return;
  arrayOf(doc.pearlValue?.notifications).forEach((notification, index) => {
    if (!isJsonObject(notification)) return;
    arrayOf(notification.indicatorTagsIds).forEach((id, idIndex) => {
      if (typeof id !== 'string' || ids.has(id)) return;
      diagnostics.push(
        createDiagnostic(
          doc,
          valueSpan(doc, ['pearl', 'notifications', index, 'indicatorTagsIds', idIndex]),
          codes.labelIdUnknown,
          `indicatorTagsIds '${id}' names no tag defined in pearl.indicatorTags.`,
        ),
      );
    });
  });
}

/** A tag named by its id when it has one ("tag 'BookAp'"), else "the tag". */
function describeTag(tag: JsonObject): string {
  const id = tag.id;
  return typeof id === 'string' && id !== '' ? `tag '${id}'` : 'the tag';
}
