/**
 * Walks files (`*.walks.json`, JSON with comments; docs/user/walks.md § Walks files): the Pearl they
 * walk, relative to the file, and the walks kept as tests. Read from the parse of the file (the
 * same tolerant parser as Pearls: comments, ranges), checked by running each walk through the
 * engine and putting each failure on the step that fails.
 */
import type { Diagnostic } from 'vscode-languageserver-types';
import type { WalkInput, WalkTrace } from '../../../../protocol/walkTypes';
import { describeParseError } from '../document/jsonTree';
import { isJsonObject, type JsonPath } from '../document/jsonValue';
import type { PearlDocument } from '../document/pearlDocument';
import { quote } from '../interface/messageText';
import { diagnosticSource, keySpan, spanToRange, valueSpan } from '../rules/diagnostics';
import { walkPearl } from './walkEngine';
import { findWalkRule, walkRules, type WalkRule } from './walkCodes';
import { checkWalkValueTypes } from './walkValueTypes';

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
  /** The Pearl's URI, `pearl` resolved against the walks file's URI; undefined when it is not a string or does not resolve. */
  readonly pearlUri: string | undefined;
  readonly walks: readonly WalkEntry[];
  /** `walk-file-invalid` diagnostics: syntax and structure. */
  readonly problems: readonly Diagnostic[];
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
 * written). Never throws; every problem of structure is a `walk-file-invalid` diagnostic.
 */
export function readWalksFile(doc: PearlDocument): WalksFileModel {
  const problems: Diagnostic[] = [];
  const invalid = (path: JsonPath, message: string): void => {
    problems.push(walkDiagnostic(doc, valueSpan(doc, path), walkRules.fileInvalid, message));
  };
  for (const error of doc.syntaxErrors) {
    problems.push(walkDiagnostic(doc, error, walkRules.fileInvalid, describeParseError(error.error)));
  }
  const root = doc.value;
  if (!isJsonObject(root)) {
    if (root !== undefined) invalid([], 'A walks file is an object with "pearl" and "walks".');
    return { pearl: undefined, pearlUri: undefined, walks: [], problems };
  }
  const pearl = typeof root.pearl === 'string' ? root.pearl : undefined;
  if (pearl === undefined)
    invalid(root.pearl === undefined ? [] : ['pearl'], '"pearl" must be the path of the Pearl file, relative to this file.');
  const walks: WalkEntry[] = [];
  if (!Array.isArray(root.walks)) {
    invalid(root.walks === undefined ? [] : ['walks'], '"walks" must be an array of walks.');
  } else {
    (root.walks as unknown[]).forEach((walk, index) => {
      const entry = readWalk(walk, index, invalid);
      if (entry) walks.push(entry);
    });
  }
  return { pearl, pearlUri: pearl === undefined ? undefined : resolveRelative(doc.textDocument.uri, pearl), walks, problems };
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
}

/**
 * Every diagnostic of the walks file `doc` (docs/user/walks.md § Diagnostics): its structure, then,
 * when `pearl` is the parse of the Pearl it names, each walk's failure on the step that fails,
 * its warnings, `walk-not-ended`, and `walk-value-type` for a value not of its variable's type; `walk-pearl-unresolved` on `pearl` when the Pearl could not
 * be read. Never throws.
 */
export function checkWalksFile(doc: PearlDocument, pearl: PearlDocument | UnresolvedPearl | undefined): Diagnostic[] {
  const model = readWalksFile(doc);
  const diagnostics = [...model.problems];
  if (model.pearl === undefined) return diagnostics;
  if (!pearl || 'reason' in pearl) {
    const reason = pearl?.reason ?? 'it could not be read';
    diagnostics.push(
      walkDiagnostic(
        doc,
        valueSpan(doc, ['pearl']),
        walkRules.pearlUnresolved,
        `The Pearl '${quote(model.pearl)}' cannot be walked: ${reason}.`,
      ),
    );
    return diagnostics;
  }
  for (const walk of model.walks) {
    diagnostics.push(...checkWalk(doc, walk, walkPearl(pearl, walk.input)), ...checkWalkValueTypes(doc, walk, pearl));
  }
  return diagnostics;
}

/** The diagnostics of one walk from its trace. */
export function checkWalk(doc: PearlDocument, walk: WalkEntry, trace: WalkTrace): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const { failure } = trace;
  if (failure) {
    const rule = findWalkRule(failure.code) ?? walkRules.stepInvalid;
    const span = failure.step < 0 ? valueSpan(doc, ['pearl']) : stepSpan(doc, walk, failure.step);
    diagnostics.push(walkDiagnostic(doc, span, rule, failure.message));
  }
  for (const warning of trace.warnings) {
    const rule = findWalkRule(warning.code);
    if (!rule) continue;
    diagnostics.push(walkDiagnostic(doc, warningSpan(doc, walk, warning.step, warning.variable, rule), rule, warning.message));
  }
  if (!failure && walk.end && !trace.ended) {
    const last = trace.frames[trace.frames.length - 1];
    const where = last ? `at the ${last.typeName} node '${quote(last.nodeId ?? last.name ?? last.nodeKey)}'` : 'before its first node';
    diagnostics.push(
      walkDiagnostic(
        doc,
        valueSpan(doc, [...walk.path, 'end']),
        walkRules.notEnded,
        `The walk stops ${where}, before the conversation ends at EndCall.`,
      ),
    );
  }
  return diagnostics;
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
  return 'it could not be read';
}
