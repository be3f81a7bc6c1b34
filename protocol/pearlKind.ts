// Which create request a Pearl file is: the language service decides it for every feature, and the
// extension asks it to show the graph preview's button only on text Pearls.

/**
 * Which create request a file is (docs/rulings.md § Files): `text` is the Text Pearl create request
 * (`POST /v2/Pearl/Text`), `simple` the Simple Pearl create request (`POST /v2/Pearl`).
 */
export type PearlKind = 'text' | 'simple';

/** What decided the kind: the `$schema` property, the content, or nothing (defaulted to text). */
export type PearlKindSource = 'schema' | 'content' | 'default';

const schemaFileKinds: ReadonlyArray<[string, PearlKind]> = [
  ['text-pearl.schema.json', 'text'],
  ['simple-pearl.schema.json', 'simple'],
];

/**
 * The kind of a document, as docs/rulings.md § Files decides it: a `$schema` naming one of the
 * project's schemas (matched by file name), else `pearl.nodes` means text and any of
 * `pearl.openingSentence`, `pearl.flowScript`, `pearl.agents` means simple, else text by default.
 * `value` is the document's plain value (anything; never throws).
 */
export function detectPearlKind(value: unknown): { kind: PearlKind; source: PearlKindSource } {
  if (!isJsonObject(value)) return { kind: 'text', source: 'default' };
  const schema = value.$schema;
  if (typeof schema === 'string') {
    const lower = schema.toLowerCase();
    for (const [fileName, kind] of schemaFileKinds) {
      if (lower.endsWith(fileName)) return { kind, source: 'schema' };
    }
  }
  const pearl = value.pearl;
  if (isJsonObject(pearl)) {
    if ('nodes' in pearl) return { kind: 'text', source: 'content' };
    for (const key of ['openingSentence', 'flowScript', 'agents']) {
      if (key in pearl) return { kind: 'simple', source: 'content' };
    }
  }
  return { kind: 'text', source: 'default' };
}

/** True for a JSON object (not null, not an array). */
function isJsonObject(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
