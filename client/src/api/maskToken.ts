/**
 * Masks a bearer token (`AccountId:SecretKey`) in text that came back from the service or the
 * network, before the text reaches a message or a log. It imports nothing from `vscode`.
 */

/** What replaces each masked stretch of text. */
export const tokenMask = '***';

/** Shortest run of the secret key that is masked when it appears on its own (8 characters). */
export const minMaskedRun = 8;

/** Shortest secret that is masked at all: shorter ones would blank out ordinary words. */
const minSecretLength = 4;

/**
 * `text` with the token hidden. Masked, each stretch replaced by {@link tokenMask}:
 * - every occurrence of the whole token;
 * - every run of at least {@link minMaskedRun} consecutive characters of the secret key (the part
 *   after the first `:`, or the whole token when it has none), or the whole secret key when it is
 *   shorter than that. A shorter run (7 characters of a long key) is left: it cannot be told from
 *   ordinary text, and 7 characters do not give the key away.
 *
 * Both are found as written, and also when echoed JSON-escaped (`\"`, `\\`, `\/`, `\uXXXX`, ...) or
 * URL-encoded (`%XX`, either case), even when the escapes are mixed. A secret (or token) shorter
 * than 4 characters is not masked. Time is linear in the length of `text`.
 */
export function maskToken(text: string, token: string): string {
  const secret = token.slice(token.indexOf(':') + 1);
  const patterns = [
    { value: token, run: token.length },
    { value: secret, run: Math.min(minMaskedRun, secret.length) },
  ].filter((pattern) => pattern.value.length >= minSecretLength);
  if (patterns.length === 0 || text === '') return text;
  const spans: Span[] = [];
  const readings = /[%\\]/.test(text) ? [literalUnits(text), decodedUnits(text)] : [literalUnits(text)];
  for (const units of readings) {
    for (const pattern of patterns) spans.push(...findRuns(units, pattern.value, pattern.run));
  }
  return replaceSpans(text, spans);
}

/** A stretch of the original text, `[start, end)` in UTF-16 units. */
interface Span {
  start: number;
  end: number;
}

/** Text as a sequence of characters; character `i` came from `[start(i), end(i))` of the original. */
interface Units {
  readonly chars: string;
  start(i: number): number;
  end(i: number): number;
}

function literalUnits(text: string): Units {
  return { chars: text, start: (i) => i, end: (i) => i + 1 };
}

const jsonEscapes: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** `text` with each JSON escape and each `%XX` decoded to the one character it stands for. */
function decodedUnits(text: string): Units {
  let chars = '';
  const starts: number[] = [];
  const ends: number[] = [];
  for (let i = 0; i < text.length;) {
    let char = text[i];
    let length = 1;
    const next = text[i + 1];
    if (char === '\\' && next !== undefined && jsonEscapes[next] !== undefined) {
      char = jsonEscapes[next];
      length = 2;
    } else if (char === '\\' && next === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
      char = String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
      length = 6;
    } else if (char === '%' && /^[0-9a-fA-F]{2}$/.test(text.slice(i + 1, i + 3))) {
      char = String.fromCharCode(parseInt(text.slice(i + 1, i + 3), 16));
      length = 3;
    }
    chars += char;
    starts.push(i);
    ends.push(i + length);
    i += length;
  }
  return { chars, start: (j) => starts[j], end: (j) => ends[j] };
}

/**
 * The original spans of every run of `units` at least `run` characters long that is also a run of
 * `secret`. Such a run is exactly a chain of overlapping windows of `run` characters each found in
 * `secret`, so checking each window against the set of the secret's windows finds them all.
 */
function findRuns(units: Units, secret: string, run: number): Span[] {
  const windows = new Set<string>();
  for (let i = 0; i + run <= secret.length; i++) windows.add(secret.slice(i, i + run));
  const firstChars = new Set([...windows].map((window) => window.charCodeAt(0)));
  const spans: Span[] = [];
  let current: { first: number; last: number } | undefined;
  for (let i = 0; i + run <= units.chars.length; i++) {
    if (!firstChars.has(units.chars.charCodeAt(i)) || !windows.has(units.chars.slice(i, i + run))) continue;
    if (current !== undefined && i <= current.last + 1) {
      current.last = i + run - 1;
      continue;
    }
    if (current !== undefined) spans.push({ start: units.start(current.first), end: units.end(current.last) });
    current = { first: i, last: i + run - 1 };
  }
  if (current !== undefined) spans.push({ start: units.start(current.first), end: units.end(current.last) });
  return spans;
}

/** `text` with each span (overlapping or touching spans merged) replaced by {@link tokenMask}. */
function replaceSpans(text: string, spans: Span[]): string {
  const merged: Span[] = [];
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    const last = merged[merged.length - 1];
    if (last !== undefined && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  let result = '';
  let position = 0;
  for (const span of merged) {
    result += text.slice(position, span.start) + tokenMask;
    position = span.end;
  }
  return result + text.slice(position);
}
