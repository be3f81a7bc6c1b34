/**
 * How a Pearl's live settings (GET /v2/Pearl/{id}/Settings, docs/public-reference.md) become a
 * `*.pearl.json` document, and how the live value and a file's sent value are formatted for Compare
 * with file. It imports nothing from `vscode`.
 *
 * The settings answer is the create request's shape plus `type` (1 Inbound, 2 Outbound), which the
 * create request does not have (and which `inbound`/`outbound` already say): it is left out. A
 * property whose value is null is left out too, in objects at any depth: the service may write
 * every unset field as null, and the interface treats null and absent alike (every property is
 * nullable). What remains is the create request, so the language server checks it as one.
 */

/** `settings` as a create request: without `type` and without null-valued properties. */
export function toRequestValue(settings: Record<string, unknown>): Record<string, unknown> {
  const rest = { ...settings };
  delete rest.type;
  return withoutNulls(rest) as Record<string, unknown>;
}

/** `value` with every null-valued object property removed, at any depth (array items are kept). */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== 'object' || value === null) return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (item !== null) result[key] = withoutNulls(item);
  return result;
}

/**
 * Whether the service returned a flow: `pearl` is an object with at least one property, or
 * `variables` has an entry. A Pearl made in the platform's interface comes back with neither.
 */
export function hasFlow(settings: Record<string, unknown>): boolean {
  const pearl = settings.pearl;
  const flow = typeof pearl === 'object' && pearl !== null && !Array.isArray(pearl) && Object.keys(pearl).length > 0;
  return flow || (Array.isArray(settings.variables) && settings.variables.length > 0);
}

/**
 * The kind by content (docs/rulings.md § Files): `pearl.nodes` text; `openingSentence`, `flowScript`
 * or `agents` simple. Without a flow (a Pearl made in the platform), the channel decides: a
 * `phoneNumberId` in `inbound` or `outbound` belongs to the simple (voice) request only, a
 * `textChannelId` to the text request only (docs/interface.md § Simple Pearl create request).
 */
export function kindOfContent(value: Record<string, unknown>): 'text' | 'simple' | undefined {
  const pearl = value.pearl;
  if (typeof pearl === 'object' && pearl !== null && !Array.isArray(pearl)) {
    if ('nodes' in pearl) return 'text';
    if (['openingSentence', 'flowScript', 'agents'].some((key) => key in pearl)) return 'simple';
  }
  for (const direction of [value.inbound, value.outbound]) {
    if (typeof direction !== 'object' || direction === null) continue;
    if ('phoneNumberId' in direction) return 'simple';
    if ('textChannelId' in direction) return 'text';
  }
  return undefined;
}

/** What the live document's first comment lines say. */
export interface LiveHeader {
  /** The Pearl's name as listed, already made plain text (one line). */
  readonly name: string;
  readonly pearlId: string;
  /** The service's base URL. */
  readonly baseUrl: string;
  /** When it was read, ISO 8601. */
  readonly readAt: string;
  /** Whether the service returned a flow ({@link hasFlow}). */
  readonly hasFlow: boolean;
}

/**
 * The text of the read-only live document: `//` comment lines (which Pearl, from where, when; and,
 * when there is no flow, that the Pearl was made in the platform's interface), then the request
 * value with a `$schema` naming the kind's schema when `kind` is known, two-space indented.
 */
export function formatLiveDocument(settings: Record<string, unknown>, header: LiveHeader, kind: 'text' | 'simple' | undefined): string {
  const value = toRequestValue(settings);
  const schema = kind ?? kindOfContent(value);
  const withSchema = schema === undefined ? value : { $schema: `${schema}-pearl.schema.json`, ...value };
  const lines = [
    `// Live settings of the Pearl "${oneLine(header.name)}" (id ${oneLine(header.pearlId)}), read from ${oneLine(header.baseUrl)} at ${header.readAt}. Read-only.`,
  ];
  if (!header.hasFlow) {
    lines.push(
      "// The service returned no flow for this Pearl (its pearl and variables are empty): it was made in the platform's interface,",
      '// and the API gives its flow only for Pearls created through the API.',
    );
  }
  return `${lines.join('\n')}\n${JSON.stringify(withSchema, null, 2)}\n`;
}

/**
 * The two sides of Compare with file, formatted the same way so that only real differences show:
 * both without null-valued properties (and the live side without `type`), two-space indented, the
 * live side's object keys put in the order the file uses (keys the file does not have follow, in
 * the service's order).
 */
export function formatForCompare(live: Record<string, unknown>, sent: unknown): { live: string; file: string } {
  const file = withoutNulls(sent);
  return { live: `${JSON.stringify(orderLike(toRequestValue(live), file), null, 2)}\n`, file: `${JSON.stringify(file, null, 2)}\n` };
}

/** `value` with its object keys ordered like `model`'s, recursively (array items by index). */
export function orderLike(value: unknown, model: unknown): unknown {
  if (Array.isArray(value)) return value.map((item, index) => orderLike(item, Array.isArray(model) ? model[index] : undefined));
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  const modelRecord = typeof model === 'object' && model !== null && !Array.isArray(model) ? (model as Record<string, unknown>) : {};
  const keys = [...Object.keys(modelRecord).filter((key) => key in record), ...Object.keys(record).filter((key) => !(key in modelRecord))];
  const result: Record<string, unknown> = {};
  for (const key of keys) result[key] = orderLike(record[key], modelRecord[key]);
  return result;
}

/** `text` on one line (a comment must not end early). */
function oneLine(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ');
}

/** A file name for `name`: letters, digits, `-` and `_` kept, the rest `-`, at most 60 characters; `pearl` when nothing is left. */
export function fileNameStem(name: string): string {
  const stem = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .toLowerCase();
  return stem === '' ? 'pearl' : stem;
}
