import { Diagnostic } from 'vscode-languageserver-types';
import { DiagnosticCode } from '../diagnosticCodes';
import { createDiagnostic } from '../diagnostics';
import { getArrayItems, getObjectItems, getPropertyNode, JsonNode } from '../jsonTree';
import { PearlDocument } from '../pearlDocument';
import { FirstSeen, lineOf } from './ruleSupport';

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
  const ids = new FirstSeen<string, JsonNode>();
  const colors = new FirstSeen<number, JsonNode>();
  getObjectItems(doc.pearl, 'indicatorTags').forEach((tag) => {
    const idNode = getPropertyNode(tag, 'id');
    // An empty id is generated server-side (and reported by the id format rule).
    if (idNode?.type === 'string' && idNode.value !== '') {
      const id = idNode.value as string;
      const first = ids.repeatOf(id, tag);
      if (first !== undefined) {
        diagnostics.push(
          createDiagnostic(
            doc,
            idNode,
            DiagnosticCode.labelIdDuplicate,
            `Indicator tag id '${id}' is already used by the tag on line ${lineOf(doc, first)}: ids must be unique among the tags.`,
          ),
        );
      }
    }
    const colorNode = getPropertyNode(tag, 'color');
    if (colorNode?.type === 'number') {
      const color = colorNode.value as number;
      const first = colors.repeatOf(color, tag);
      if (first !== undefined) {
        diagnostics.push(
          createDiagnostic(
            doc,
            colorNode,
            DiagnosticCode.labelColorDuplicate,
            `color ${color} is already used by ${describeTag(first)} on line ${lineOf(doc, first)}: colors must be unique across the tags.`,
          ),
        );
      }
    }
  });

  if (doc.kind !== 'simple') return;
  for (const notification of getObjectItems(doc.pearl, 'notifications')) {
    for (const idNode of getArrayItems(getPropertyNode(notification, 'indicatorTagsIds'))) {
      if (idNode.type !== 'string' || ids.has(idNode.value as string)) continue;
      diagnostics.push(
        createDiagnostic(
          doc,
          idNode,
          DiagnosticCode.labelIdUnknown,
          `indicatorTagsIds '${idNode.value as string}' names no tag defined in pearl.indicatorTags.`,
        ),
      );
    }
  }
}

/** A tag named by its id when it has one ("tag 'BookAp'"), else "the tag". */
function describeTag(tag: JsonNode): string {
  const id = getPropertyNode(tag, 'id');
  return id?.type === 'string' && id.value !== '' ? `tag '${id.value as string}'` : 'the tag';
}
