import type { ErrorObject, ValidateFunction } from 'ajv';
import { Diagnostic } from 'vscode-languageserver-types';
import * as generatedValidators from '../../generated/schemaValidators';
import type { PropertyFixData, ValueFixData } from '../diagnosticData';
import { createDiagnostic, TextSpan, valueSpan } from '../diagnostics';
import { isJsonObject, jsonType, type JsonType, type PearlDocument, type PearlKind } from '../../document/pearlDocument';
import { withArticle } from '../../interface/messageText';
import { findSchemaForPath, getEnumValues, JSONSchema } from '../../interface/schemaNavigator';
import { schemaCodes } from './schemaCodes';
import type { DiagnosticRule, RuleModule } from '../ruleModule';

/** The schema rules: the codes of schemaCodes.ts and their check. */
export const schemaRules: RuleModule<typeof schemaCodes> = { name: 'schema rules', rules: schemaCodes, check: checkSchema };

type Path = (string | number)[];

/**
 * The validator of each schema, precompiled to standalone ajv code at build time
 * (scripts/compileSchemas.mjs, with the options that keep lengths in UTF-16 code units and give
 * each error its parentSchema): nothing is compiled at run time.
 */
const validators = generatedValidators as unknown as Record<PearlKind, ValidateFunction>;

function getValidator(kind: PearlKind): ValidateFunction {
  return validators[kind];
}

/**
 * Schema diagnostics of a create request, from schemas/text-pearl.schema.json or
 * schemas/simple-pearl.schema.json by the document's kind (docs/interface.md § Resources and
 * their fields: "no property outside those listed", types, enumerations, 32-bit integers;
 * § Limits: maximum lengths and entry counts). Every one is an Error: the service rejects such a
 * request with 400 (§ Errors). Codes: `unknown-property` and `session-scoped-in-text` (on the key),
 * `wrong-type`, `enum-value`, `model-type-kind`, `int32-range`, `max-length`, `max-items`,
 * `label-id-format`, `variable-id-format` (on the value). `data`, for the quick fixes: a
 * PropertyFixData on the first two, a ValueFixData on `wrong-type` and `model-type-kind`. One
 * diagnostic per node and code; a value of the wrong type gets only `wrong-type`. A root that is not an object is left to the syntax
 * diagnostics. Never throws; partial trees of malformed JSON are checked as far as they go.
 */
export function checkSchema(doc: PearlDocument, diagnostics: Diagnostic[]): void {
  if (!isJsonObject(doc.value)) return;
  const validate = getValidator(doc.kind);
  if (validate(doc.value)) return;
  const findings: Finding[] = [];
  for (const error of validate.errors ?? []) {
    findings.push(...describeError(doc, error));
  }
  addDiagnostics(doc, findings, diagnostics);
}

interface Finding {
  span: TextSpan;
  /** The code's registry entry (schemaCodes.ts). */
  code: DiagnosticRule;
  message: string;
  /** The diagnostic's `data`, for its quick fix. */
  data?: ValueFixData | PropertyFixData;
}

function addDiagnostics(doc: PearlDocument, findings: Finding[], diagnostics: Diagnostic[]): void {
  const spanKey = (span: TextSpan): string => `${span.offset}:${span.length}`;
  const wrongType = new Set(findings.filter((f) => f.code === schemaCodes.wrongType).map((f) => spanKey(f.span)));
  const seen = new Set<string>();
  for (const finding of findings) {
    const key = spanKey(finding.span);
    // A value of the wrong type fails its enum or limits too; the type is what to fix.
    if (finding.code !== schemaCodes.wrongType && wrongType.has(key)) continue;
    if (seen.has(`${key}:${finding.code.code}`)) continue;
    seen.add(`${key}:${finding.code.code}`);
    diagnostics.push(createDiagnostic(doc, finding.span, finding.code, finding.message, { data: finding.data }));
  }
}

/** A value an error is about: the value, its path, where it is written and its text there. */
interface Found {
  readonly value: unknown;
  readonly type: JsonType;
  readonly path: Path;
  readonly span: TextSpan;
  readonly source: string;
}

function describeError(doc: PearlDocument, error: ErrorObject): Finding[] {
  const found = findValue(doc.value, parsePointer(error.instancePath));
  if (!found) return [];
  const { path } = found;
  const span = valueSpan(doc, path);
  const node: Found = {
    value: found.value,
    type: jsonType(found.value),
    path,
    span,
    source: doc.textDocument.getText().slice(span.offset, span.offset + span.length),
  };
  const { source } = node;
  const name = fieldName(doc.kind, path);
  const params = error.params as Record<string, unknown>;
  const parentSchema = (error.parentSchema ?? {}) as JSONSchema;
  const last = path[path.length - 1];
  const ownerTitle = path.length > 0 ? findSchemaForPath(doc.kind, path.slice(0, -1))?.title : undefined;

  switch (error.keyword) {
    case 'additionalProperties':
      return describeUnknownProperty(doc, path, String(params.additionalProperty), parentSchema);
    case 'type': {
      if (path.length === 0) return []; // the syntax diagnostics report a root that is not an object
      const expected = (Array.isArray(params.type) ? (params.type as string[]) : [String(params.type)]).filter((type) => type !== 'null');
      const actual = node.type === 'number' && expected.includes('integer') ? `number ${source}` : node.type;
      const message = `${name} must be ${expected.map((word) => withArticle(word)).join(' or ')}; found ${actual}.`;
      return [{ span, code: schemaCodes.wrongType, message, data: valueFixData(node) }];
    }
    case 'enum':
      return [describeEnum(doc.kind, node, name, last, source, parentSchema)];
    case 'minimum':
    case 'maximum':
      return [
        {
          span,
          code: schemaCodes.int32Range,
          message: `${name} is ${source}; integers are 32-bit (-2147483648 to 2147483647).`,
        },
      ];
    case 'minLength':
    case 'maxLength':
    case 'pattern':
      return describeStringLimit(node, name, error.keyword, String(params.limit), ownerTitle);
    case 'maxItems': {
      const count = Array.isArray(node.value) ? node.value.length : 0;
      const unit = last === 'to' || last === 'cc' ? 'recipients' : 'entries';
      // The first entry past the limit, not the whole array.
      const firstExtra = count > Number(params.limit) ? doc.locate([...path, Number(params.limit)]) : undefined;
      return [
        {
          span: firstExtra ?? span,
          code: schemaCodes.maxItems,
          message: `${name} has ${count} ${unit}; the limit is ${String(params.limit)}.`,
        },
      ];
    }
    default:
      // The schemas use no other validation keyword; properties/items/$ref report through these.
      return [];
  }
}

/** A `minLength`, `maxLength` or `pattern` error: the format of a CallLabel or DataSettings id, or a string over its limit (§ Limits). */
function describeStringLimit(node: Found, name: string, keyword: string, limit: string, ownerTitle: string | undefined): Finding[] {
  if (ownerTitle === 'CallLabel' && node.path[node.path.length - 1] === 'id') {
    return [
      {
        span: node.span,
        code: schemaCodes.labelIdFormat,
        message: `${name} is ${quote(node.value)}; it must be exactly 6 letters (A-Z, a-z).`,
      },
    ];
  }
  if (keyword === 'pattern' && ownerTitle === 'DataSettings' && node.path[node.path.length - 1] === 'id') {
    return [
      {
        span: node.span,
        code: schemaCodes.variableIdFormat,
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
        code: schemaCodes.maxLength,
        message: `${name} is ${node.value.length} characters; the limit is ${limit}.${utf16Note}`,
      },
    ];
  }
  return []; // the schemas set minLength and pattern on the two ids above only
}

function describeUnknownProperty(doc: PearlDocument, path: Path, key: string, objectSchema: JSONSchema): Finding[] {
  // Of a key set twice only the last is in the value; the syntax diagnostics report the others.
  const keySpan = doc.locate([...path, key])?.key;
  let code: DiagnosticRule = schemaCodes.unknownProperty;
  let message: string;
  const where = path.length === 0 ? `the ${objectSchema.title ?? 'request'}` : (objectSchema.title ?? 'this object');
  if (doc.kind === 'text' && key === 'isSessionScoped' && path.length === 2 && path[0] === 'variables') {
    code = schemaCodes.sessionScopedInText;
    message = 'isSessionScoped is only allowed in the simple Pearl request.';
  } else if (key === '$schema') {
    message = `Property '$schema' is not allowed in ${where}: it is editor metadata, allowed at the top level only.`;
  } else {
    message = `Property '${key}' is not allowed in ${where}.`;
  }
  return keySpan ? [{ span: keySpan, code, message, data: { path, key } }] : [];
}

function describeEnum(
  kind: PearlKind,
  node: Found,
  name: string,
  last: string | number | undefined,
  source: string,
  schema: JSONSchema,
): Finding {
  const allowed = getEnumValues(schema);
  if (last === 'modelType') {
    const otherKind: PearlKind = kind === 'text' ? 'simple' : 'text';
    const otherSchema = findSchemaForPath(otherKind, ['pearl', 'modelType']);
    const other = otherSchema ? getEnumValues(otherSchema).find((entry) => entry.value === node.value) : undefined;
    if (other) {
      const takes = allowed.map(describeValue);
      const list = takes.length === 1 ? `only ${takes[0]}` : `${takes.slice(0, -1).join(', ')} or ${takes[takes.length - 1]}`;
      const message =
        kind === 'text'
          ? `modelType ${describeValue(other)} is a voice model; a text Pearl takes ${list}.`
          : `modelType ${describeValue(other)} is the text model; a simple (voice) Pearl takes ${list}.`;
      return { span: node.span, code: schemaCodes.modelTypeKind, message, data: valueFixData(node) };
    }
  }
  const message = `${name} ${source} is not allowed; allowed values: ${allowed.map(describeValue).join(', ')}.`;
  return { span: node.span, code: schemaCodes.enumValue, message };
}

/** The {@link ValueFixData} of `node`: its path, and its value when a scalar. */
function valueFixData(node: Found): ValueFixData {
  const { value } = node;
  return value === null || typeof value !== 'object'
    ? { path: node.path, value: value as string | number | boolean | null }
    : { path: node.path };
}

function describeValue(entry: { value: unknown; name: string | undefined }): string {
  return entry.name !== undefined ? `${String(entry.value)} (${entry.name})` : String(entry.value);
}

function quote(value: unknown): string {
  return `'${String(value)}'`;
}

/** JSON pointer (`/pearl/nodes/0/name`) to segments, `~1` and `~0` unescaped; indexes stay strings. */
function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The value at a pointer's segments, with the path typed as jsonc-parser's (array indexes as numbers). */
function findValue(root: unknown, segments: readonly string[]): { value: unknown; path: Path } | undefined {
  let value = root;
  const path: Path = [];
  for (const segment of segments) {
    if (Array.isArray(value) && /^\d+$/.test(segment)) {
      value = value[Number(segment)];
      path.push(Number(segment));
    } else if (isJsonObject(value) && Object.prototype.hasOwnProperty.call(value, segment)) {
      value = value[segment];
      path.push(segment);
    } else {
      return undefined;
    }
  }
  return { value, path };
}

/**
 * How a message names a field: its property name with any indexes after it (`to[2]`), prefixed by
 * the array element it belongs to when it sits in one (`indicatorTags[0].id`); a map entry by its
 * map (`headers['X-Key']`).
 */
function fieldName(kind: PearlKind, path: Path): string {
  const last = path[path.length - 1];
  if (typeof last === 'string' && path.length > 1) {
    // An entry of a string-to-string map (headers) is named by its map: headers['X-Key'].
    const owner = findSchemaForPath(kind, path.slice(0, -1));
    if (owner && !owner.properties?.[last] && typeof owner.additionalProperties === 'object') {
      return `${fieldName(kind, path.slice(0, -1))}['${last}']`;
    }
  }
  const indexes = (from: number, to: number): string =>
    path
      .slice(from, to)
      .map((segment) => `[${segment}]`)
      .join('');
  let keyAt = path.length - 1;
  while (keyAt >= 0 && typeof path[keyAt] === 'number') keyAt--;
  if (keyAt < 0) return 'The request';
  const own = `${path[keyAt]}${indexes(keyAt + 1, path.length)}`;
  if (keyAt === 0 || typeof path[keyAt - 1] !== 'number') return own;
  let parentAt = keyAt - 1;
  while (parentAt >= 0 && typeof path[parentAt] === 'number') parentAt--;
  const parent = parentAt >= 0 ? String(path[parentAt]) : '';
  return `${parent}${indexes(parentAt + 1, keyAt)}.${own}`;
}
