// Typing in a script changes no nodeId, name, target or type: a rule family that reads only those
// (the graph rules, the node settings rules) gives the same diagnostics after such an edit, moved
// along the edited line. This keeps them across the parses patched from one another
// (document/stringEditPatch.ts) instead of running the family again on every keystroke. What such
// a family may read is its check's parameter type, the StructuralModel of ruleModule.ts, made here
// from the parse, and for a family with a scope (the API settings, count and transfer rules) the
// values under its scope keys, whose edit runs it again.
import type { Diagnostic } from 'vscode-languageserver-types';
import {
  jsonType,
  type JsonPath,
  type JsonType,
  type PearlDocument,
  type PearlNode,
  type PearlTransition,
  perParse,
  valueAtPath,
} from '../document/pearlDocument';
import { keepAcrossStringEdit, type KeptForParse, rangeMoverAfterPatch, type StringPatch } from '../document/stringEditPatch';
import { createDiagnostic, keySpan, lineAt, openingSpan, type TextSpan, valueSpan } from './diagnostics';
import type {
  DiagnosticRule,
  KeptRuleModule,
  ReportSpan,
  RuleModule,
  ScopedValues,
  StructuralModel,
  StructuralReportOptions,
  StructuralSlot,
  ValueScope,
} from './ruleModule';

/**
 * Appends the diagnostics of `module` for `doc` to `diagnostics`: its check run once, on the parse
 * itself or, for a {@link KeptRuleModule}, on its {@link structuralModelOf} (nothing kept).
 */
export function checkModule(module: RuleModule, doc: PearlDocument, diagnostics: Diagnostic[]): void {
  if (module.keptWhileTypingInStrings) module.check(structuralModelOf(doc), diagnostics, scopedValuesOf(doc, module.scope));
  else module.check(doc, diagnostics);
}

/**
 * Appends the diagnostics of `module` for `doc` to `diagnostics`: those kept for the parse `doc`
 * was patched from, moved past the edited string, when they are kept and none lies in that string;
 * else the module's check, on the {@link structuralModelOf} `doc`. Keeps the result for the next
 * parse in the model's cache (a structural edit parses anew, with a new model and an empty cache).
 * Appends copies: callers may change what they are given.
 */
export function checkKeepingAcrossStringEdits(module: KeptRuleModule, doc: PearlDocument, diagnostics: Diagnostic[]): void {
  const { scope } = module;
  const byFamily = (doc.modelCache.keptDiagnostics ??= new Map<string, KeptForParse<readonly Diagnostic[]>>()) as Map<
    string,
    KeptForParse<readonly Diagnostic[]>
  >;
  const kept = keepAcrossStringEdit(
    doc,
    byFamily.get(module.name),
    // A string under a key of the module's scope is one of the values its check reads: checked again.
    (last, patch) => (scope?.some((key) => patch.path.includes(key)) ? undefined : movePastPatch(last, patch, doc)),
    () => {
      // Kept as made: no one else holds them, and what is appended below are copies.
      const fresh: Diagnostic[] = [];
      module.check(structuralModelOf(doc), fresh, scopedValuesOf(doc, scope));
      return fresh;
    },
  );
  byFamily.set(module.name, kept);
  const own = kept.value;
  for (let d = 0; d < own.length; d++) diagnostics.push(copyDiagnostic(own[d]));
}

/** The {@link ScopedValues} of `doc` under the keys of `scope` (none without a scope). */
function scopedValuesOf(doc: PearlDocument, scope: readonly ValueScope[] | undefined): ScopedValues {
  return scope === undefined ? noScopedValues : new DocumentScopedValues(doc, scope);
}

/** The one implementation of {@link ScopedValues}: the parse's values under the keys of a scope. */
class DocumentScopedValues implements ScopedValues {
  readonly #doc: PearlDocument;
  readonly #scope: readonly ValueScope[];

  constructor(doc: PearlDocument, scope: readonly ValueScope[]) {
    this.#doc = doc;
    this.#scope = scope;
  }

  memberOf(of: Parameters<ScopedValues['memberOf']>[0], key: ValueScope): unknown {
    if (!this.#scope.includes(key)) return undefined;
    // The view's nodes are the model's.
    const value = (of as PearlNode).value;
    return Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined;
  }

  valueAt(path: JsonPath): unknown {
    return this.#scope.some((key) => path.includes(key)) ? valueAtPath(this.#doc.value, path) : undefined;
  }
}

/** What a module without a scope reads: nothing. */
const noScopedValues: ScopedValues = { memberOf: () => undefined, valueAt: () => undefined };

/**
 * The {@link StructuralModel} of `doc`: the parse's own model objects and derived facts, typed
 * without their values, and the span and report functions of diagnostics.ts on `doc`. Made once
 * per parse (in constant time) and shared by the families that read it.
 */
export function structuralModelOf(doc: PearlDocument): StructuralModel {
  return perParse(doc.modelCache, doc.parseId, 'structuralModel', () => new DocumentStructure(doc));
}

/** The one implementation of {@link StructuralModel}: the parse is private to it (`#doc`). */
class DocumentStructure implements StructuralModel {
  readonly #doc: PearlDocument;
  readonly kind: StructuralModel['kind'];
  readonly nodes: StructuralModel['nodes'];
  readonly allNodes: StructuralModel['allNodes'];
  readonly nodesById: StructuralModel['nodesById'];
  readonly entry: StructuralModel['entry'];
  readonly incoming: StructuralModel['incoming'];

  constructor(doc: PearlDocument) {
    this.#doc = doc;
    this.kind = doc.kind;
    this.nodes = doc.nodes;
    this.allNodes = doc.allNodes;
    this.nodesById = doc.nodesById;
    this.entry = doc.entry;
    this.incoming = doc.incoming;
  }

  get transitionsTo(): StructuralModel['transitionsTo'] {
    // Derived on first read, once per model (pearlModel.ts).
    return this.#doc.transitionsTo;
  }

  jsonTypeAt(path: JsonPath): JsonType | undefined {
    const value = valueAtPath(this.#doc.value, path);
    return value === undefined ? undefined : jsonType(value);
  }

  typeOfKey(of: Parameters<StructuralModel['typeOfKey']>[0], key: string): JsonType | undefined {
    // The view's nodes and transitions are the model's.
    const value = (of as PearlNode | PearlTransition).value;
    // Most keys asked for are not set: the read alone answers (a parsed object's prototype holds no such key).
    const member = value[key];
    return member !== undefined && Object.prototype.hasOwnProperty.call(value, key) ? jsonType(member) : undefined;
  }

  itemCountAt(path: JsonPath): number | undefined {
    const value = valueAtPath(this.#doc.value, path);
    return Array.isArray(value) ? value.length : undefined;
  }

  itemCount(of: Parameters<StructuralModel['itemCount']>[0], key: string): number | undefined {
    const value = (of as PearlNode | PearlTransition).value;
    const member = value[key];
    return Array.isArray(member) && Object.prototype.hasOwnProperty.call(value, key) ? member.length : undefined;
  }

  lineAt(path: JsonPath): number {
    return lineAt(this.#doc, path);
  }

  valueSpan(path: JsonPath): ReportSpan {
    return asReportSpan(valueSpan(this.#doc, path));
  }

  keySpan(path: JsonPath): ReportSpan {
    return asReportSpan(keySpan(this.#doc, path));
  }

  propertyKeySpan(path: JsonPath): ReportSpan | undefined {
    const key = this.#doc.locate(path)?.key;
    return key && asReportSpan(key);
  }

  openingSpan(path: JsonPath): ReportSpan {
    return asReportSpan(openingSpan(this.#doc, path));
  }

  perParse<T>(slot: StructuralSlot, compute: () => T): T {
    return perParse(this.#doc.modelCache, this.#doc.parseId, slot, compute);
  }

  report(diagnostics: Diagnostic[], span: ReportSpan, rule: DiagnosticRule, message: string, options?: StructuralReportOptions): void {
    diagnostics.push(createDiagnostic(this.#doc, span as unknown as TextSpan, rule, message, options));
  }
}

/** `span` as the opaque span of a kept check. */
function asReportSpan(span: TextSpan): ReportSpan {
  return span as unknown as ReportSpan;
}

/**
 * `diagnostics` of the text before `patch`, in the text after it: what follows the edited string
 * on its line moves by `patch.delta` characters. Undefined when one of them lies in the edited
 * string (then the family runs again).
 */
function movePastPatch(diagnostics: readonly Diagnostic[], patch: StringPatch, doc: PearlDocument): Diagnostic[] | undefined {
  if (diagnostics.length === 0) return [];
  const uri = doc.textDocument.uri;
  const { move } = rangeMoverAfterPatch(patch, (offset) => doc.textDocument.positionAt(offset));
  const result: Diagnostic[] = [];
  for (const diagnostic of diagnostics) {
    const range = move(diagnostic.range);
    if (!range) return undefined;
    const relatedInformation = diagnostic.relatedInformation?.map((related) => {
      const relatedRange = related.location.uri === uri ? move(related.location.range) : related.location.range;
      return relatedRange && { ...related, location: { uri: related.location.uri, range: relatedRange } };
    });
    if (relatedInformation?.some((related) => related === undefined)) return undefined;
    result.push({
      ...diagnostic,
      range,
      ...(relatedInformation ? { relatedInformation: relatedInformation as Diagnostic['relatedInformation'] } : {}),
    });
  }
  return result;
}

/** A copy of `diagnostic` whose range and tags the caller may replace (its `data` is shared, never changed). */
function copyDiagnostic(diagnostic: Diagnostic): Diagnostic {
  return { ...diagnostic, range: { start: { ...diagnostic.range.start }, end: { ...diagnostic.range.end } } };
}
