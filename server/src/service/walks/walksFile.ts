/**
 * Walks files (`*.walks.json`, JSON with comments; docs/user/walks.md § Walks files): the Pearl they
 * walk, relative to the file, and the walks kept as tests. Read from the parse of the file (the
 * same tolerant parser as Pearls: comments, ranges), checked by running each walk through the
 * engine and putting each failure on the step that fails.
 */
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import type { WalkInput, WalkTrace } from '#protocol/walkTypes';
import { describeParseError } from '../document/jsonTree';
import { isJsonObject, type JsonPath } from '../document/jsonValue';
import { perParse, type PearlDocument } from '../document/pearlDocument';
import { quote } from '../interface/messageText';
import { diagnosticSource } from '../rules/diagnostics';
import { keySpan, spanToRange, valueSpan } from '../document/pathSpans';
import { walkPearl } from './walkEngine';
import { findWalkRule, maxWalksFileDiagnostics, walkRules, type WalkRule } from './walkCodes';
import { checkWalkValueTypes } from './walkValueTypes';

export { maxWalksFileDiagnostics };

/** Whether `uri` names a walks file (`*.walks.json`, any letter case). */
export function isWalksFileUri(uri: string): boolean {
  return /\.walks\.json$/i.test(uri);
}

/** One walk of a walks file. */
export interface WalkEntry {
  /** Position in `walks`. */
  readonly index: number;
  /** The walk's `name`, when a string. */
  readonly name: string | undefined;
  /** `['walks', index]`. */
  readonly path: JsonPath;
  /** Its `variables` and `steps`, as the engine takes them. */
  readonly input: WalkInput;
  /** `"end": true`: the walk must finish at EndCall. */
  readonly end: boolean;
}

/** What a walks file says, read from its parse. */
export interface WalksFileModel {
  /** The `pearl` path as written (relative to the walks file), when a string. */
  readonly pearl: string | undefined;
  /**
   * The Pearl's URI, `pearl` resolved against the walks file's URI; undefined when it is not a
   * string, does not resolve, or is refused ({@link pearlRefusal}).
   */
  readonly pearlUri: string | undefined;
  /** Why `pearl` is refused as written, whatever the workspace (an absolute path, a URL, backslashes); see {@link refusePearlPath}. */
  readonly pearlRefusal: string | undefined;
  readonly walks: readonly WalkEntry[];
  /** `walk-file-invalid` diagnostics: syntax and structure; the first {@link maxWalksFileDiagnostics}. */
  readonly problems: readonly Diagnostic[];
  /** How many more `walk-file-invalid` problems there are (counted, not located). */
  readonly moreProblems: number;
}

/** Builds a walks diagnostic of `rule` (same shape as a Pearl diagnostic: code, href, `source: "pearl"`). */
function walkDiagnostic(doc: PearlDocument, span: { offset: number; length: number }, rule: WalkRule, message: string): Diagnostic {
  return {
    range: spanToRange(doc, span),
    severity: rule.severity,
    code: rule.code,
    codeDescription: { href: rule.href },
    source: diagnosticSource,
    message,
  };
}

/**
 * Reads the walks file `doc` (a parse by `parsePearlDocument`: its value and where each value is
 * written). Never throws; every problem of structure is a `walk-file-invalid` diagnostic. Read once
 * per parse and kept with it (pearl-lint asks for the Pearl's URI, then checks the file; the
 * editor's features ask again): the model is shared, and read only.
 */
export function readWalksFile(doc: PearlDocument): WalksFileModel {
  return perParse(doc.modelCache, doc.parseId, 'walksFile', () => readWalksFileOnce(doc));
}

/** {@link readWalksFile}, read from the parse. */
function readWalksFileOnce(doc: PearlDocument): WalksFileModel {
  const problems: Diagnostic[] = [];
  let moreProblems = 0;
  // Locating a value scans the text: only the problems shown are located.
  const add = (make: () => Diagnostic): void => {
    if (problems.length < maxWalksFileDiagnostics) problems.push(make());
    else moreProblems++;
  };
  const invalid = (path: JsonPath, message: string): void => {
    add(() => walkDiagnostic(doc, valueSpan(doc, path), walkRules.fileInvalid, message));
  };
  for (const error of doc.syntaxErrors) {
    add(() => walkDiagnostic(doc, error, walkRules.fileInvalid, describeParseError(error.error)));
  }
  const root = doc.value;
  if (!isJsonObject(root)) {
    if (root !== undefined) invalid([], 'A walks file is an object with "pearl" and "walks".');
    return { pearl: undefined, pearlUri: undefined, pearlRefusal: undefined, walks: [], problems, moreProblems };
  }
  const pearl = typeof root.pearl === 'string' ? root.pearl : undefined;
  if (pearl === undefined)
    invalid(root.pearl === undefined ? [] : ['pearl'], '"pearl" must be the path of the Pearl file, relative to this file.');
  const walks: WalkEntry[] = [];
  if (!Array.isArray(root.walks)) {
    invalid(root.walks === undefined ? [] : ['walks'], '"walks" must be an array of walks.');
  } else {
    const list = root.walks as unknown[];
    for (let index = 0; index < list.length; index++) {
      const entry = readWalk(list[index], index, invalid);
      if (entry) walks.push(entry);
    }
  }
  const pearlRefusal = pearl === undefined ? undefined : refusePearlPath(pearl);
  const pearlUri = pearl === undefined || pearlRefusal !== undefined ? undefined : resolveRelative(doc.textDocument.uri, pearl);
  return { pearl, pearlUri, pearlRefusal, walks, problems, moreProblems };
}

/**
 * Why the `pearl` path `pearl` is refused as written, whatever the workspace (docs/user/walks.md §
 * Walks files): an absolute path (`/`, `C:`), a URL (`file:`, `https:`) and backslashes name a
 * file anywhere, so they are refused without reading anything. Undefined for a relative path with
 * forward slashes; whether it stays inside the workspace folder is the host's check
 * ({@link isInsideFolder}, then symbolic links on a host that has them).
 */
export function refusePearlPath(pearl: string): string | undefined {
  if (pearl.includes('\\')) return 'its path has backslashes; write it with forward slashes, relative to this walks file';
  if (pearl.startsWith('/') || /^[A-Za-z]:(?:[/]|$)/.test(pearl)) return 'it is an absolute path; write it relative to this walks file';
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(pearl)) return 'it is a URL; write a path relative to this walks file';
  return undefined;
}

/**
 * Whether the URI `uri` names something strictly inside the folder `folderUri` (same scheme and
 * authority; its path, with `.`, `..` and percent-escapes resolved as URLs resolve them, under the
 * folder's; a Windows drive letter in either case). Lexical: a symbolic link is the host's check.
 */
export function isInsideFolder(uri: string, folderUri: string): boolean {
  let file: URL;
  let folder: URL;
  try {
    file = new URL(uri);
    folder = new URL(folderUri);
  } catch {
    return false;
  }
  if (file.protocol !== folder.protocol || file.host !== folder.host) return false;
  const filePath = normalizedPath(file.pathname);
  const folderPath = normalizedPath(folder.pathname)?.replace(/\/$/, '');
  if (filePath === undefined || folderPath === undefined) return false;
  return filePath.startsWith(`${folderPath}/`) && filePath.length > folderPath.length + 1;
}

/** A URL path decoded, with a leading drive letter in lower case; undefined when it does not decode, holds an encoded slash or backslash, or a dot segment. */
function normalizedPath(pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\\') || /%2f|%5c/i.test(pathname)) return undefined;
  // After decoding, a `..` that was written `%2e%2e` would survive: refuse any dot segment left.
  if (decoded.split('/').some((segment) => segment === '..' || segment === '.')) return undefined;
  return decoded.replace(/^\/([A-Za-z]):/, (_, drive: string) => `/${drive.toLowerCase()}:`);
}

/** One element of `walks`, or undefined (reported through `invalid`) when it is not a walk. */
function readWalk(walk: unknown, index: number, invalid: (path: JsonPath, message: string) => void): WalkEntry | undefined {
  const path = ['walks', index];
  if (!isJsonObject(walk)) {
    invalid(path, 'A walk is an object with a "name" and "steps".');
    return undefined;
  }
  if (typeof walk.name !== 'string') invalid(walk.name === undefined ? path : [...path, 'name'], 'A walk needs a "name" (a string).');
  if (!Array.isArray(walk.steps)) {
    invalid(walk.steps === undefined ? path : [...path, 'steps'], '"steps" must be an array of steps.');
    return undefined;
  }
  if (walk.variables !== undefined && !isJsonObject(walk.variables)) {
    invalid([...path, 'variables'], '"variables" must be an object of variable ids and string values.');
  }
  if (walk.end !== undefined && typeof walk.end !== 'boolean') invalid([...path, 'end'], '"end" must be true or false.');
  const variables = isJsonObject(walk.variables) ? (walk.variables as Record<string, string>) : undefined;
  return {
    index,
    name: typeof walk.name === 'string' ? walk.name : undefined,
    path,
    input: { ...(variables ? { variables } : {}), steps: walk.steps as WalkInput['steps'] },
    end: walk.end === true,
  };
}

/** `relative` resolved against `base` (a URI), or undefined when it does not make a URI. */
export function resolveRelative(base: string, relative: string): string | undefined {
  try {
    return new URL(relative, base).href;
  } catch {
    return undefined;
  }
}

/** Why the Pearl of a walks file could not be read, for the `walk-pearl-unresolved` diagnostic. */
export interface UnresolvedPearl {
  readonly reason: string;
  /** The host refused to read it: it is outside the workspace folder (`walk-pearl-outside`). */
  readonly outside?: boolean;
}

/** What a host says of a `pearl` path that leaves the workspace folder. */
export const pearlOutsideReason = 'it is outside the workspace folder';

/**
 * Where the diagnostics of one walks file go: the first {@link maxWalksFileDiagnostics} are made
 * and kept, the others only counted by severity (their ranges are never computed).
 */
class DiagnosticBudget {
  readonly shown: Diagnostic[] = [];
  hiddenErrors = 0;
  hiddenOthers = 0;

  /** Keeps the diagnostic `make` builds, or counts one of `severity` when the budget is spent. */
  add(severity: DiagnosticSeverity, make: () => Diagnostic): void {
    if (this.shown.length < maxWalksFileDiagnostics) this.shown.push(make());
    else if (severity === DiagnosticSeverity.Error) this.hiddenErrors++;
    else this.hiddenOthers++;
  }
}

/**
 * Every diagnostic of the walks file `doc` (docs/user/walks.md § Diagnostics): its structure, then,
 * when `pearl` is the parse of the Pearl it names, each walk's failure on the step that fails,
 * its warnings, `walk-not-ended`, and `walk-value-type` for a value not of its variable's type;
 * `walk-pearl-unresolved` on `pearl` when the Pearl could not be read. At most
 * {@link maxWalksFileDiagnostics}, then one `walk-too-many-problems` on the `walks` key counting the
 * others. Never throws; no recursion and no argument spread, so any number of walks and steps is
 * checked (linear in the steps walked). `onWalk` is given each walk's trace (pearl-lint's
 * `--coverage` counts the transitions taken without walking again).
 */
export function checkWalksFile(
  doc: PearlDocument,
  pearl: PearlDocument | UnresolvedPearl | undefined,
  onWalk?: (trace: WalkTrace) => void,
): Diagnostic[] {
  const model = readWalksFile(doc);
  const budget = new DiagnosticBudget();
  for (const problem of model.problems) budget.add(problem.severity ?? DiagnosticSeverity.Error, () => problem);
  budget.hiddenErrors += model.moreProblems;
  const refusal = model.pearlRefusal ?? (pearl && 'reason' in pearl && pearl.outside ? pearl.reason : undefined);
  if (model.pearl !== undefined && refusal !== undefined) {
    budget.add(walkRules.pearlOutside.severity, () =>
      walkDiagnostic(
        doc,
        valueSpan(doc, ['pearl']),
        walkRules.pearlOutside,
        `The Pearl '${quote(model.pearl ?? '')}' is not read: ${refusal}.`,
      ),
    );
  } else if (model.pearl !== undefined) {
    if (!pearl || 'reason' in pearl) {
      const reason = pearl?.reason ?? 'it could not be read';
      budget.add(walkRules.pearlUnresolved.severity, () =>
        walkDiagnostic(
          doc,
          valueSpan(doc, ['pearl']),
          walkRules.pearlUnresolved,
          `The Pearl '${quote(model.pearl ?? '')}' cannot be walked: ${reason}.`,
        ),
      );
    } else {
      for (const walk of model.walks) {
        const trace = walkPearl(pearl, walk.input);
        onWalk?.(trace);
        collectWalk(doc, walk, trace, budget);
        for (const diagnostic of checkWalkValueTypes(doc, walk, pearl)) {
          budget.add(diagnostic.severity ?? DiagnosticSeverity.Warning, () => diagnostic);
        }
      }
    }
  }
  const hidden = budget.hiddenErrors + budget.hiddenOthers;
  if (hidden > 0) budget.shown.push(tooManyProblems(doc, budget.hiddenErrors, budget.hiddenOthers));
  return budget.shown;
}

/** `walk-too-many-problems`: the count of the diagnostics not shown, on the `walks` key (the file's start without one). */
function tooManyProblems(doc: PearlDocument, errors: number, others: number): Diagnostic {
  const hidden = errors + others;
  const located = doc.locate(['walks']);
  const span = located ? (located.key ?? { offset: located.offset, length: 1 }) : { offset: 0, length: 0 };
  const counts = [plural(errors, 'error'), plural(others, 'warning')].join(' and ');
  const message =
    `${plural(hidden, 'more problem')} ${hidden === 1 ? 'is' : 'are'} not shown (${counts}): ` +
    `a walks file reports at most ${count(maxWalksFileDiagnostics)}.`;
  return {
    ...walkDiagnostic(doc, span, walkRules.tooManyProblems, message),
    severity: errors > 0 ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
  };
}

/** `1,234`. */
function count(value: number): string {
  return value.toLocaleString('en-US');
}

/** `1 error`, `2,000 errors`. */
function plural(value: number, noun: string): string {
  return `${count(value)} ${noun}${value === 1 ? '' : 's'}`;
}

/** The diagnostics of one walk from its trace. */
export function checkWalk(doc: PearlDocument, walk: WalkEntry, trace: WalkTrace): Diagnostic[] {
  const all: Diagnostic[] = [];
  collectWalk(doc, walk, trace, { add: (_severity, make) => all.push(make()) });
  return all;
}

/** Adds the diagnostics of one walk, from its trace, to `budget`. */
function collectWalk(doc: PearlDocument, walk: WalkEntry, trace: WalkTrace, budget: Pick<DiagnosticBudget, 'add'>): void {
  const { failure } = trace;
  if (failure) {
    const rule = findWalkRule(failure.code) ?? walkRules.stepInvalid;
    budget.add(rule.severity, () => {
      const span = failure.step < 0 ? valueSpan(doc, ['pearl']) : stepSpan(doc, walk, failure.step);
      return walkDiagnostic(doc, span, rule, failure.message);
    });
  }
  for (const warning of trace.warnings) {
    const rule = findWalkRule(warning.code);
    if (!rule) continue;
    budget.add(rule.severity, () =>
      walkDiagnostic(doc, warningSpan(doc, walk, warning.step, warning.variable, rule), rule, warning.message),
    );
  }
  if (!failure && walk.end && !trace.ended) {
    const last = trace.frames[trace.frames.length - 1];
    const where = last ? `at the ${last.typeName} node '${quote(last.nodeId ?? last.name ?? last.nodeKey)}'` : 'before its first node';
    budget.add(walkRules.notEnded.severity, () =>
      walkDiagnostic(
        doc,
        valueSpan(doc, [...walk.path, 'end']),
        walkRules.notEnded,
        `The walk stops ${where}, before the conversation ends at EndCall.`,
      ),
    );
  }
}

/** The span of step `index` of `walk`: its one property's value (the name taken, the object set or expected). */
function stepSpan(doc: PearlDocument, walk: WalkEntry, index: number): { offset: number; length: number } {
  const step: unknown = walk.input.steps[index];
  const path = [...walk.path, 'steps', index];
  if (isJsonObject(step)) {
    const keys = ['take', 'set', 'response', 'expect'].filter((key) => Object.hasOwn(step, key));
    if (keys.length === 1) return valueSpan(doc, [...path, keys[0]]);
  }
  return valueSpan(doc, path);
}

/** Where a warning goes: the id in `variables` or `set`, else the step (the walk's `name` for the entry node). */
function warningSpan(doc: PearlDocument, walk: WalkEntry, step: number, variable: string | undefined, rule: WalkRule) {
  const aboutGivenId = rule === walkRules.variableUndeclared || rule === walkRules.variablePostCall;
  if (aboutGivenId && variable !== undefined) {
    return keySpan(doc, step < 0 ? [...walk.path, 'variables', variable] : [...walk.path, 'steps', step, 'set', variable]);
  }
  return step < 0 ? valueSpan(doc, [...walk.path, 'name']) : stepSpan(doc, walk, step);
}

/**
 * Why a host could not read a walks file's Pearl, as the end of the `walk-pearl-unresolved`
 * message ("there is no such file"), from a file-system error's `code` (Node's `ENOENT`, ...).
 */
export function describePearlReadError(error: unknown): string {
  const code = isJsonObject(error) || error instanceof Error ? (error as { code?: unknown }).code : undefined;
  if (code === 'ENOENT' || code === 'ENOTDIR') return 'there is no such file';
  if (code === 'EISDIR') return 'it is a folder';
  if (code === 'EACCES' || code === 'EPERM') return 'it cannot be read (permission denied)';
  if (code === 'EFBIG') return 'it is too large';
  if (code === 'ENOTFILE') return 'it is not a regular file';
  if (code === 'ETIMEDOUT') return 'reading it took too long';
  return 'it could not be read';
}
