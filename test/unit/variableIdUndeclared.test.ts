// variable-id-undeclared: an API body or outputBody variableId naming no declared variable (docs/rulings.md § Undeclared references).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { assertNone, node, textPearl, transition } from '../helpers/documents';
import { actionsFor, apply } from '../helpers/codeActions';
import { valueRange } from '../helpers/text';

const pearl = (body: string, output: string) =>
  textPearl({
    nodes: [
      node('open', 2, [transition('greeted', 'save')], { script: 'Hello {first_name}!' }),
      node('save', 40, [transition('saved', 'end')], {
        apiSettings: {
          name: 'Save',
          method: 2,
          endpointUrl: 'https://example.test/save',
          body: [{ key: 'order', variableId: body }],
          outputBody: [{ key: 'id', variableId: output }],
        },
      }),
      node('end', 100, []),
    ],
  });

test('variable-id-undeclared: a body variableId and an outputBody variableId naming no declared variable are Warnings on the id', () => {
  const content = pearl('order_idd', 'ordr_id');
  const { diagnostics } = actionsFor(content, 'variable-id-undeclared');
  assert.deepEqual(
    diagnostics.map((diagnostic) => [diagnostic.severity, diagnostic.range, diagnostic.message]),
    [
      [
        DiagnosticSeverity.Warning,
        valueRange(content, '"variableId": "order_idd"'),
        "'order_idd' (variableId) is not a declared variable, so the request sends no value for it.",
      ],
      [
        DiagnosticSeverity.Warning,
        valueRange(content, '"variableId": "ordr_id"'),
        "'ordr_id' (variableId) is not a declared variable, so the response's value is kept in no variable.",
      ],
    ],
  );
  assertNone(pearl('order_id', 'first_name'), 'variable-id-undeclared');
});

test("variable-id-undeclared: 'Change to' the nearest declared id", () => {
  const content = pearl('order_idd', 'order_id');
  const { actions } = actionsFor(content, 'variable-id-undeclared');
  assert.deepEqual(
    actions.map((action) => [action.title, action.isPreferred]),
    [["Change to 'order_id'", true]],
  );
  assert.equal(apply(content, actions[0]), content.replace('"variableId": "order_idd"', '"variableId": "order_id"'));
});
