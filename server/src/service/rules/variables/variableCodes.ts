import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { defineRules, interfaceSection, rulingsSection } from '../ruleModule';
import { fixUndeclaredVariable, fixUnusedVariable } from './variableFixes';

/** The codes of the variable reference rules (variableRules.ts), in the order docs/rules.md lists them, with their quick fix (variableFixes.ts). */
export const variableCodes = defineRules('variables', {
  variableUndeclared: {
    code: 'variable-undeclared',
    severity: DiagnosticSeverity.Warning,
    summary: 'A `{id}` reference to an undeclared variable (may be a platform variable; not reported inside PostCallActions).',
    section: rulingsSection('Undeclared references'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [{ "nodeId": "start", "name": "Greeting", "nodeType": 2, "script": "Hi {first_name}!" }]
  },
  "variables": []
}`,
      passes: `{
  "pearl": {
    "nodes": [{ "nodeId": "start", "name": "Greeting", "nodeType": 2, "script": "Hi {first_name}!" }]
  },
  "variables": [{ "id": "first_name", "group": 1 }]
}`,
    },
    fix: fixUndeclaredVariable,
  },
  variableGroupNotAllowed: {
    code: 'variable-group-not-allowed',
    severity: DiagnosticSeverity.Error,
    summary:
      'A declared variable whose group the field does not accept (PreCallAPI endpointUrl and body, by `{id}` or `variableId`: PreCall only; an API node, inside PostCallActions too: no PostCall; ...).',
    section: rulingsSection('Groups per field'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [{ "nodeId": "lookup", "name": "Look up", "nodeType": 3, "apiSettings": { "method": 1, "endpointUrl": "https://example.com/orders/{order}" } }]
  },
  "variables": [{ "id": "order", "group": 2 }]
}`,
      passes: `{
  "pearl": {
    "nodes": [{ "nodeId": "lookup", "name": "Look up", "nodeType": 3, "apiSettings": { "method": 1, "endpointUrl": "https://example.com/orders/{order}" } }]
  },
  "variables": [{ "id": "order", "group": 1 }]
}`,
    },
  },
  variableNotYetCollected: {
    code: 'variable-not-yet-collected',
    severity: DiagnosticSeverity.Warning,
    summary: 'An InCall variable in an opening sentence, not yet collected when it is sent.',
    section: rulingsSection('Groups per field'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [{ "nodeId": "start", "name": "Greeting", "nodeType": 2, "script": "Your slot is {slot}." }]
  },
  "variables": [{ "id": "slot", "group": 2 }]
}`,
      passes: `{
  "pearl": {
    "nodes": [{ "nodeId": "start", "name": "Greeting", "nodeType": 2, "script": "Your slot is {slot}." }]
  },
  "variables": [{ "id": "slot", "group": 1 }]
}`,
    },
  },
  variableUnused: {
    code: 'variable-unused',
    severity: DiagnosticSeverity.Hint,
    summary:
      'A PreCall variable that no (V) field references and no API body or outputBody names by `variableId` (shown faded, with a fix to remove it); InCall variables are collected whether referenced or not.',
    section: rulingsSection('Unused pre-call variables'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [{ "nodeId": "start", "name": "Greeting", "nodeType": 2, "script": "Hi there!" }]
  },
  "variables": [{ "id": "first_name", "group": 1 }]
}`,
      passes: `{
  "pearl": {
    "nodes": [{ "nodeId": "start", "name": "Greeting", "nodeType": 2, "script": "Hi {first_name}!" }]
  },
  "variables": [{ "id": "first_name", "group": 1 }]
}`,
    },
    fix: fixUnusedVariable,
  },
  generalInstructionsVariable: {
    code: 'general-instructions-variable',
    severity: DiagnosticSeverity.Error,
    summary: 'A variable reference in generalInstructions, which must not contain variables.',
    section: interfaceSection('Variables and (V) fields'),
    examples: {
      fails: '{ "pearl": { "nodes": [], "generalInstructions": "Greet {first_name}." } }',
      passes: '{ "pearl": { "nodes": [], "generalInstructions": "Greet the customer by name." } }',
    },
  },
});
