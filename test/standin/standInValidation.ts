/**
 * How the stand-in of the Pearl Agent Service decides a create request's 400: the REAL language
 * service validates the body, and each Error diagnostic becomes an entry of ValidationProblemDetails
 * `errors` keyed by the field path where it starts (docs/interface.md § Errors). The service
 * does not say which condition yields which key; docs/rulings.md § Service says keys are ASP.NET-style
 * paths in any letter case, with or without `$.`: {@link formatFieldKey} produces those variants.
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { getLanguageService } from '../../server/src/service/pearlLanguageService';

const service = getLanguageService();

/** Which create request an operation takes: `/v2/Pearl/Text` text, `/v2/Pearl` simple. */
export type CreateKind = 'text' | 'simple';

/** The three spellings of a field path key the real service may use (docs/rulings.md § Service). */
export type FieldKeyStyle = 'camel' | 'pascal' | 'dollar';

/** The key styles in the order the stand-in rotates through them, one per 400 answer. */
export const fieldKeyStyles: readonly FieldKeyStyle[] = ['camel', 'pascal', 'dollar'];

/**
 * `path` (as `getFieldPath` gives it: `pearl.nodes[2].name`, or `$` for the root) in `style`:
 * `camel` unchanged, `pascal` `Pearl.Nodes[2].Name`, `dollar` `$.pearl.nodes[2].name`.
 */
export function formatFieldKey(path: string, style: FieldKeyStyle): string {
  if (path === '$' || path === '') return '$';
  if (style === 'pascal') return path.replace(/(^|\.)([a-z])/g, (_match, dot: string, letter: string) => dot + letter.toUpperCase());
  if (style === 'dollar') return `$.${path}`;
  return path;
}

/**
 * The validation errors of a create request `body` sent to the operation of `kind`, as
 * field path (camel style) → messages; empty when the service would accept it.
 *
 * The operation, not the content, decides the kind: the parsed body is re-serialised with a leading
 * `"$schema": "<kind>-pearl.schema.json"`, which is how a file names its kind (docs/rulings.md § Files),
 * so a simple-looking body sent to `/v2/Pearl/Text` is still checked as a text Pearl. Field paths do
 * not depend on offsets, so re-serialising loses nothing. A `$schema` in the body itself is editor
 * metadata that must never be sent, hence an error of its own.
 */
export function validateCreateRequest(kind: CreateKind, body: string): Record<string, string[]> {
  let value: unknown;
  try {
    value = JSON.parse(body) as unknown;
  } catch (error) {
    return { $: [`The request body is not valid JSON: ${error instanceof Error ? error.message : String(error)}`] };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { $: ['The request body must be a JSON object.'] };
  }
  const errors: Record<string, string[]> = {};
  const { $schema, ...request } = value as Record<string, unknown>;
  if ($schema !== undefined) add(errors, '$schema', 'The property $schema is not part of the create request.');

  const text = JSON.stringify({ $schema: `${kind}-pearl.schema.json`, ...request });
  const doc = service.parsePearlDocument(TextDocument.create(`standin:///request.${kind}.pearl.json`, 'pearl', 1, text));
  for (const diagnostic of service.doValidation(doc)) {
    if (diagnostic.severity !== DiagnosticSeverity.Error) continue;
    const path = service.getFieldPath(doc, doc.textDocument.offsetAt(diagnostic.range.start));
    add(errors, path, diagnostic.message);
  }
  return errors;
}

function add(errors: Record<string, string[]>, key: string, message: string): void {
  (errors[key] ??= []).push(message);
}
