import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Diagnostic } from 'vscode-languageserver-types';
import * as generatedValidators from '../../generated/schemaValidators';
import type { PropertyFixData, ValueFixData } from '../diagnosticData';
import { createDiagnostic, type TextSpan, valueSpan } from '../diagnostics';
import { isJsonObject, jsonType, type JsonType, type PearlDocument, type PearlKind, perParse } from '../../document/pearlDocument';
import { keepAcrossStringEdit, type KeptForParse, spanAfterPatch, type StringPatch } from '../../document/stringEditPatch';
import { findSchemaForPath, type JSONSchema } from '../../interface/schemaNavigator';
import type { DiagnosticRule } from '../ruleModule';

/**
 * What the schema rule modules share: one validation of a parse against its kind's schema
 * (schemas/text-pearl.schema.json or schemas/simple-pearl.schema.json; docs/interface.md
 * § Resources and their fields, § Limits), each error with the value it is about, and the report
 * that keeps one diagnostic per value and code and leaves a value of the wrong type to `wrong-type`.
 * Each module describes the errors of its keywords. A new schema rule uses these and changes
 * nothing here. Every schema diagnostic is an Error: the service rejects such a request with 400
 * (§ Errors). A root that is not an object is left to the syntax diagnostics.
 */

export type Path = (string | number)[];

/**
 * The validator of each schema, precompiled to standalone ajv code at build time
 * (scripts/compileSchemas.mjs, with the options that keep lengths in UTF-16 code units and give
 * each error its parentSchema): nothing is compiled at run time.
 */
const validators = generatedValidators as unknown as Record<PearlKind, ValidateFunction>;

/** A value an error is about: the value, its path, where it is written and its text there. */
export interface Found {
  readonly value: unknown;
  readonly type: JsonType;
  readonly path: Path;
  readonly span: TextSpan;
  readonly source: string;
}

/** One validation error, with what every description reads. */
export interface SchemaError {
  /** The JSON Schema keyword that failed (`type`, `enum`, `maxLength` …). */
  readonly keyword: string;
  readonly params: Record<string, unknown>;
  /** The schema of the failing value (for `additionalProperties`, of the object). */
  readonly parentSchema: JSONSchema;
  /** The failing value (for `additionalProperties`, the object). */
  readonly node: Found;
  /** How a message names the field ({@link fieldName}). */
  readonly name: string;
  /** The title of the schema of the object holding the value (`CallLabel`), if any. */
  readonly ownerTitle: string | undefined;
}

/**
 * The validation errors of `doc` (whose value is an object) against its kind's schema, computed on
 * the first call for a parse and kept with it; empty when it is valid or its root is not an object.
 * Errors about a value the value does not hold (a pointer that resolves to nothing) are left out.
 * For a parse patched by an edit inside a string that no keyword but `type` constrains, those of
 * the parse it was patched from, moved past the string ({@link carriedAcrossStringEdit}).
 */
export function schemaErrors(doc: PearlDocument): readonly SchemaError[] {
  const kept = keepAcrossStringEdit(
    doc,
    doc.modelCache.schemaErrors as KeptForParse<readonly SchemaError[]> | undefined,
    (errors, patch) => carriedAcrossStringEdit(doc, errors, patch),
    () => validateValue(doc),
  );
  doc.modelCache.schemaErrors = kept;
  return kept.value;
}

/** The errors of one validation of `doc`'s value. */
function validateValue(doc: PearlDocument): SchemaError[] {
  const errors: SchemaError[] = [];
  if (isJsonObject(doc.value)) {
    const validate = validators[doc.kind];
    if (!validate(doc.value)) for (const error of validate.errors ?? []) pushError(doc, error, errors);
  }
  return errors;
}

/**
 * The `errors` of the parse `doc` was patched from by `patch`, moved past the edited string, when
 * the edit cannot have changed them; undefined otherwise (the value is validated again). The Pearl
 * schemas have no keyword that reads one value to judge another (no `if`, `oneOf`, `anyOf`,
 * `uniqueItems`…; a test holds them to that), an edit inside a string changes no key and no list's
 * length, and the string stays a string: only the string's own keywords could judge it otherwise,
 * so an edited string whose schema has none but `type` (and annotations: a script, a name) leaves
 * every error as it was. The value is changed in place, so each error's value is still the value.
 * A string literal holds no line break: each span keeps its line; one after the string moves by
 * the edit's length, one around it (an object holding it) grows by it.
 */
function carriedAcrossStringEdit(doc: PearlDocument, errors: readonly SchemaError[], patch: StringPatch): SchemaError[] | undefined {
  if (!judgedByTypeAlone(findSchemaForPath(doc.kind, patch.path))) return undefined;
  const text = doc.textDocument.getText();
  return errors.map((error) => {
    const span = movedSpan(error.node.span, patch);
    return { ...error, node: { ...error.node, span, source: text.slice(span.offset, span.offset + span.length) } };
  });
}

/** Whether a string under `schema` can fail no keyword but `type`: none constrains it, or only annotations do. */
function judgedByTypeAlone(schema: JSONSchema | undefined): boolean {
  if (!schema) return true; // an unknown property: its value is not validated
  for (const keyword of Object.keys(schema)) {
    if (keyword === 'type') {
      const types: unknown = schema.type;
      if (!(types === 'string' || (Array.isArray(types) && types.includes('string')))) return false;
    } else if (!annotationKeywords.has(keyword) && !keyword.startsWith('x-')) {
      return false;
    }
  }
  return true;
}

/** Schema keywords that validate nothing (the generated validators ignore `x-` keywords too). */
const annotationKeywords: ReadonlySet<string> = new Set(['description', 'title', 'markdownDescription', 'default', 'examples', '$comment']);

/** `span` after the edit of `patch` ({@link spanAfterPatch}), with its key moved too and its line kept, when it has them. */
function movedSpan(span: TextSpan, patch: StringPatch): TextSpan {
  const { key, line } = span as { readonly key?: TextSpan; readonly line?: number };
  return { ...spanAfterPatch(span, patch), ...(key && { key: spanAfterPatch(key, patch) }), ...(line !== undefined && { line }) };
}

function pushError(doc: PearlDocument, error: ErrorObject, errors: SchemaError[]): void {
  const found = findValue(doc.value, parsePointer(error.instancePath));
  if (!found) return;
  const { path } = found;
  const span = valueSpan(doc, path);
  errors.push({
    keyword: error.keyword,
    params: error.params as Record<string, unknown>,
    parentSchema: error.parentSchema ?? {},
    node: {
      value: found.value,
      type: jsonType(found.value),
      path,
      span,
      source: doc.textDocument.getText().slice(span.offset, span.offset + span.length),
    },
    name: fieldName(doc.kind, path),
    ownerTitle: path.length > 0 ? findSchemaForPath(doc.kind, path.slice(0, -1))?.title : undefined,
  });
}

/** What a module found for one error: where, which code, the message and the quick fix's `data`. */
export interface Finding {
  readonly span: TextSpan;
  readonly code: DiagnosticRule;
  readonly message: string;
  /** The diagnostic's `data`, for its quick fix. */
  readonly data?: ValueFixData | PropertyFixData;
}

/** Where `span` is, as a key. */
function spanKey(span: TextSpan): string {
  return `${span.offset}:${span.length}`;
}

/** The spans (as {@link spanKey}) of the values of `doc` of the wrong type (a `type` error below the root). */
function wrongTypeSpans(doc: PearlDocument): ReadonlySet<string> {
  return perParse(doc.modelCache, doc.parseId, 'wrongTypeSpans', () => {
    const keys = new Set<string>();
    for (const error of schemaErrors(doc)) if (error.keyword === 'type' && error.node.path.length > 0) keys.add(spanKey(error.node.span));
    return keys;
  });
}

/**
 * Appends the diagnostics of `findings` (one module's, in the order of the errors) to
 * `diagnostics`: one per span and code; none on a value of the wrong type but `wrong-type` (it
 * fails its enum or limits too; the type is what to fix).
 */
export function reportFindings(
  doc: PearlDocument,
  findings: readonly Finding[],
  diagnostics: Diagnostic[],
  wrongType?: DiagnosticRule,
): void {
  const seen = new Set<string>();
  for (const finding of findings) {
    const key = spanKey(finding.span);
    if (finding.code !== wrongType && wrongTypeSpans(doc).has(key)) continue;
    if (seen.has(`${key}:${finding.code.code}`)) continue;
    seen.add(`${key}:${finding.code.code}`);
    diagnostics.push(createDiagnostic(doc, finding.span, finding.code, finding.message, { data: finding.data }));
  }
}

/** The findings `describe` gives for each error of `doc` whose keyword is one of `keywords`. */
export function describeErrors(doc: PearlDocument, keywords: ReadonlySet<string>, describe: (error: SchemaError) => Finding[]): Finding[] {
  const findings: Finding[] = [];
  for (const error of schemaErrors(doc)) if (keywords.has(error.keyword)) findings.push(...describe(error));
  return findings;
}

/** The {@link ValueFixData} of `node`: its path, and its value when a scalar. */
export function valueFixData(node: Found): ValueFixData {
  const { value } = node;
  return value === null || typeof value !== 'object'
    ? { path: node.path, value: value as string | number | boolean | null }
    : { path: node.path };
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
