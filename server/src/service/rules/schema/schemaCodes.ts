import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { defineRules, interfaceSection, rulingsSection } from '../ruleModule';
import { fixModelTypeKind, fixSessionScopedInText, fixUnknownProperty, fixWrongType } from './schemaFixes';

/** The codes of schema validation (schemaRules.ts), in the order docs/rules.md lists them, with their quick fixes (schemaFixes.ts). */
export const schemaCodes = defineRules('schema', {
  unknownProperty: {
    code: 'unknown-property',
    severity: DiagnosticSeverity.Error,
    summary: 'A property outside those the interface lists for that object.',
    section: interfaceSection('Resources and their fields'),
    examples: {
      fails: '{ "pearl": { "nodes": [], "generalInstruction": "Be brief." } }',
      passes: '{ "pearl": { "nodes": [], "generalInstructions": "Be brief." } }',
    },
    fix: fixUnknownProperty,
  },
  sessionScopedInText: {
    code: 'session-scoped-in-text',
    severity: DiagnosticSeverity.Error,
    summary: '`isSessionScoped` on a variable of a text Pearl (only in the simple request).',
    section: interfaceSection('DataSettings'),
    examples: {
      fails: `{
  "pearl": { "nodes": [] },
  "variables": [{ "id": "plan", "isSessionScoped": true }]
}`,
      passes: `{
  "pearl": { "nodes": [] },
  "variables": [{ "id": "plan" }]
}`,
    },
    fix: fixSessionScopedInText,
  },
  wrongType: {
    code: 'wrong-type',
    severity: DiagnosticSeverity.Error,
    summary: 'A value of the wrong JSON type.',
    section: interfaceSection('Resources and their fields'),
    examples: {
      fails: '{ "pearl": { "nodes": [], "memory": "yes" } }',
      passes: '{ "pearl": { "nodes": [], "memory": true } }',
    },
    fix: fixWrongType,
    safeFix: true,
  },
  enumValue: {
    code: 'enum-value',
    severity: DiagnosticSeverity.Error,
    summary: 'An integer outside the values of its enumeration.',
    section: interfaceSection('Enumerations'),
    examples: {
      fails: '{ "pearl": { "nodes": [{ "nodeId": "ask", "name": "Ask", "nodeType": 7 }] } }',
      passes: '{ "pearl": { "nodes": [{ "nodeId": "ask", "name": "Ask", "nodeType": 10 }] } }',
    },
  },
  modelTypeKind: {
    code: 'model-type-kind',
    severity: DiagnosticSeverity.Error,
    summary: 'modelType of the other kind (voice model in a text Pearl, or Swan in a simple Pearl).',
    section: interfaceSection('modelType values'),
    examples: {
      fails: '{ "pearl": { "nodes": [], "modelType": 1 } }',
      passes: '{ "pearl": { "nodes": [], "modelType": 11 } }',
    },
    fix: fixModelTypeKind,
    safeFix: true,
  },
  int32Range: {
    code: 'int32-range',
    severity: DiagnosticSeverity.Error,
    summary: 'An integer outside the signed 32-bit range.',
    section: rulingsSection('Integers and counts'),
    examples: {
      fails: '{ "pearl": { "nodes": [] }, "inbound": { "totalAgents": 3000000000 } }',
      passes: '{ "pearl": { "nodes": [] }, "inbound": { "totalAgents": 3 } }',
    },
  },
  maxLength: {
    code: 'max-length',
    severity: DiagnosticSeverity.Error,
    summary: 'A string longer than its limit ("agentPersonality is 41 characters; the limit is 35").',
    section: interfaceSection('Limits'),
    examples: {
      fails: '{ "pearl": { "nodes": [], "agentPersonality": "Warm, patient, reassuring and very precise" } }',
      passes: '{ "pearl": { "nodes": [], "agentPersonality": "Warm, patient and reassuring" } }',
    },
  },
  maxItems: {
    code: 'max-items',
    severity: DiagnosticSeverity.Error,
    summary: 'An array with more entries than its limit (10 indicator tags, 10 recipients), on the first entry past it.',
    section: interfaceSection('Limits'),
    examples: {
      fails: '{ "pearl": { "nodes": [], "indicatorTags": [{}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}] } }',
      passes: '{ "pearl": { "nodes": [], "indicatorTags": [{}, {}, {}, {}, {}, {}, {}, {}, {}, {}] } }',
    },
  },
  labelIdFormat: {
    code: 'label-id-format',
    severity: DiagnosticSeverity.Error,
    summary: 'A CallLabel id that is not exactly 6 letters.',
    section: rulingsSection('Indicator tag ids'),
    examples: {
      fails: '{ "pearl": { "nodes": [], "indicatorTags": [{ "id": "Book1", "name": "Booked", "color": 1 }] } }',
      passes: '{ "pearl": { "nodes": [], "indicatorTags": [{ "id": "Booked", "name": "Booked", "color": 1 }] } }',
    },
  },
  variableIdFormat: {
    code: 'variable-id-format',
    severity: DiagnosticSeverity.Error,
    summary: 'A DataSettings id with characters outside A-Z a-z 0-9 _ -.',
    section: interfaceSection('DataSettings'),
    examples: {
      fails: '{ "pearl": { "nodes": [] }, "variables": [{ "id": "first name" }] }',
      passes: '{ "pearl": { "nodes": [] }, "variables": [{ "id": "first_name" }] }',
    },
  },
});
