import type { Diagnostic } from 'vscode-languageserver-types';
import { DiagnosticSeverity } from '../diagnostics';
import type { PearlDocument } from '../../document/pearlDocument';
import { defineRules, interfaceSection, rulingsSection, type RuleModule } from '../ruleModule';
import { describeErrors, type Finding, type Found, reportFindings, type SchemaError } from './schemaSupport';

/** The codes of limits and formats (docs/interface.md § Limits, § Resources and their fields), in the order docs/rules.md lists them. */
const codes = defineRules('schema', {
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

/** 32-bit integers, maximum lengths and entry counts, and the formats of ids: the limits of the schemas. */
export const limitRules: RuleModule<typeof codes> = { name: 'schema rules (limits)', rules: codes, check: checkLimits };

const keywords: ReadonlySet<string> = new Set(['minimum', 'maximum', 'minLength', 'maxLength', 'pattern', 'maxItems']);

/**
 * On the value: `int32-range` (`minimum`, `maximum`), `max-length`, `label-id-format` and
 * `variable-id-format` (`minLength`, `maxLength`, `pattern`), `max-items` (on the first entry past
 * the limit). docs/interface.md § Limits, § Resources and their fields.
 */
function checkLimits(doc: PearlDocument, diagnostics: Diagnostic[]): void {
  reportFindings(
    doc,
    describeErrors(doc, keywords, (error) => describeLimit(doc, error)),
    diagnostics,
  );
}

function describeLimit(doc: PearlDocument, { keyword, node, name, params, ownerTitle }: SchemaError): Finding[] {
  const { path, span, source } = node;
  switch (keyword) {
    case 'minimum':
    case 'maximum': {
      // JSON.stringify writes an infinite number (`1e400`) as null.
      const infinite =
        typeof node.value === 'number' && !Number.isFinite(node.value) ? ' It reads as infinity and would be sent as null.' : '';
      return [
        { span, code: codes.int32Range, message: `${name} is ${source}; integers are 32-bit (-2147483648 to 2147483647).${infinite}` },
      ];
    }
    case 'maxItems': {
      const count = Array.isArray(node.value) ? node.value.length : 0;
      const last = path[path.length - 1];
      const unit = last === 'to' || last === 'cc' ? 'recipients' : 'entries';
      // The first entry past the limit, not the whole array.
      const firstExtra = count > Number(params.limit) ? doc.locate([...path, Number(params.limit)]) : undefined;
      return [
        { span: firstExtra ?? span, code: codes.maxItems, message: `${name} has ${count} ${unit}; the limit is ${String(params.limit)}.` },
      ];
    }
    default:
      return describeStringLimit(node, name, keyword, String(params.limit), ownerTitle);
  }
}

/** A `minLength`, `maxLength` or `pattern` error: the format of a CallLabel or DataSettings id, or a string over its limit (§ Limits). */
function describeStringLimit(node: Found, name: string, keyword: string, limit: string, ownerTitle: string | undefined): Finding[] {
  if (ownerTitle === 'CallLabel' && node.path[node.path.length - 1] === 'id') {
    return [
      {
        span: node.span,
        code: codes.labelIdFormat,
        message: `${name} is ${quote(node.value)}; it must be exactly 6 letters (A-Z, a-z).`,
      },
    ];
  }
  if (keyword === 'pattern' && ownerTitle === 'DataSettings' && node.path[node.path.length - 1] === 'id') {
    return [
      {
        span: node.span,
        code: codes.variableIdFormat,
        message: `Variable id ${quote(node.value)} has characters outside A-Z, a-z, 0-9, _ and -.`,
      },
    ];
  }
  if (keyword === 'maxLength' && typeof node.value === 'string') {
    // A surrogate pair is one character on screen but two in the count the service applies.
    const utf16Note = /[\uD800-\uDBFF][\uDC00-\uDFFF]/.test(node.value)
      ? ' Lengths count UTF-16 code units: a character outside the Basic Multilingual Plane (an emoji, for one) counts as 2.'
      : '';
    return [
      {
        span: node.span,
        code: codes.maxLength,
        message: `${name} is ${node.value.length} characters; the limit is ${limit}.${utf16Note}`,
      },
    ];
  }
  return []; // the schemas set minLength and pattern on the two ids above only
}

function quote(value: unknown): string {
  return `'${String(value)}'`;
}
