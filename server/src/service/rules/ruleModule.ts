import type { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver-types';
import type { JsonPath, JsonType, NestedListKey, PearlDocument, PearlKind } from '../document/pearlDocument';
import type { ModelStringKey } from '../document/stringEditPatch';
import type { Fix } from './fixSupport';

/**
 * The shape of a rule module, as ESLint's rules carry `meta` beside their logic: one module per
 * family of diagnostic codes holds each code's metadata (severity, summary, the section of
 * docs/interface.md or docs/rulings.md it comes from, the examples of docs/rules.md, its quick fix)
 * and the family's check. The registry (diagnosticCodes.ts), docs/rules.md and the code actions
 * are derived from the modules.
 */

/** The groups of the registry, in the order the documentation lists them. */
export type DiagnosticGroup = 'syntax' | 'schema' | 'field rules' | 'graph' | 'variables';

/** A heading of docs/interface.md or docs/rulings.md that a rule comes from. */
export interface DiagnosticSection {
  /** The document: `interface` is docs/interface.md, `rulings` is docs/rulings.md. */
  readonly document: 'interface' | 'rulings';
  /** The heading's text, exactly as written in the document. */
  readonly heading: string;
}

/** Another severity for some diagnostics of a code, as a ruling decides. */
export interface SeverityOverride {
  readonly severity: DiagnosticSeverity;
  /** When it applies, completing "Warning …" (e.g. "while a node has no nodeId"). */
  readonly when: string;
  /** Why, in one sentence. */
  readonly why: string;
}

/** A reported and a clean example of one code (short Pearl documents, JSON with comments), shown in docs/rules.md. */
export interface RuleExample {
  /** A document the service reports the code on (other codes may be reported too). */
  readonly fails: string;
  /** The same document corrected: the service does not report the code. */
  readonly passes: string;
}

/**
 * The quick fixes of one diagnostic of its code, found from the diagnostic's `data`
 * (diagnosticData.ts) or, for a problem of the text, from where its range starts; empty for a
 * diagnostic that no longer matches the document. Called only when the document has a syntax tree.
 */
export type QuickFix = (doc: PearlDocument, diagnostic: Diagnostic) => Fix[];

/** What a rule module writes for one diagnostic code. */
export interface RuleDefinition {
  /** The stable code (`unknown-target`): never changes meaning once published. */
  readonly code: string;
  /** The severity every diagnostic of this code has, unless its rule names an override. */
  readonly severity: DiagnosticSeverity;
  /** One line, plain text with Markdown code spans: what the code reports. */
  readonly summary: string;
  readonly section: DiagnosticSection;
  /** Where a ruling gives some diagnostics of this code another severity. */
  readonly severityOverride?: SeverityOverride;
  readonly examples: RuleExample;
  /** Its quick fixes, if any. */
  readonly fix?: QuickFix;
  /**
   * Whether its preferred fix is safe to apply unseen ("Fix all", on save): it keeps what the
   * author wrote and there is only one way to make it (fixAll.ts).
   */
  readonly safeFix?: boolean;
}

/** The registry entry of one diagnostic code: its definition with its module's group and its documentation address. */
export interface DiagnosticRule extends RuleDefinition {
  readonly group: DiagnosticGroup;
  /** Its entry in docs/rules.md: the `codeDescription.href` of each of its diagnostics. */
  readonly href: string;
}

/** The codes of a module by name (`unknownTarget`), each with its registry entry. */
export type RuleSet = Readonly<Record<string, DiagnosticRule>>;

/** What every rule module has: its name and its codes. */
interface RuleModuleBase<R extends RuleSet> {
  /** How an internal error of the check is reported (`graph rules`). */
  readonly name: string;
  readonly rules: R;
}

/**
 * A family checked again on every parse: its check reads the whole parse (values, strings, text).
 * The kind to choose for any rule that reads a string other than a nodeId, a name or a toNodeId.
 */
export interface DocumentRuleModule<R extends RuleSet = RuleSet> extends RuleModuleBase<R> {
  readonly keptWhileTypingInStrings?: false;
  /**
   * Appends the family's diagnostics of `doc` to `diagnostics`. Robust to any partial or
   * wrong-typed input (values of the wrong type are schema validation's); never throws on purpose.
   */
  readonly check: (doc: PearlDocument, diagnostics: Diagnostic[]) => void;
}

/**
 * A family whose diagnostics are kept across an edit inside a string value the model does not read,
 * moved along the edited line, instead of checked again (keptDiagnostics.ts): typing in a script
 * runs none of its check. Its check therefore receives a {@link StructuralModel}, which holds only
 * what such an edit cannot change, and the values under the keys of its {@link KeptRuleModule.scope},
 * if it has one, whose edit runs it again; a check that reads a script, a URL or any other string
 * value elsewhere does not compile here, and belongs in a {@link DocumentRuleModule}.
 */
export interface KeptRuleModule<R extends RuleSet = RuleSet> extends RuleModuleBase<R> {
  readonly keptWhileTypingInStrings: true;
  /**
   * Keys whose values the check also reads, through its {@link ScopedValues}: an edit of a string
   * with one of these keys on its path (the string itself or a value inside it) runs the check
   * again; an edit anywhere else keeps its diagnostics. Without a scope the check reads no value.
   */
  readonly scope?: readonly ValueScope[];
  /**
   * Appends the family's diagnostics of `graph` to `diagnostics`, as {@link DocumentRuleModule.check}
   * does; `scoped` gives the values under its {@link scope} keys (nothing without one).
   */
  readonly check: (graph: StructuralModel, diagnostics: Diagnostic[], scoped: ScopedValues) => void;
}

/** The keys a {@link KeptRuleModule} may read the values under. */
export type ValueScope = 'apiSettings' | 'inbound' | 'outbound' | 'smtpSettings' | 'transferCallSettings';

/**
 * The values a {@link KeptRuleModule} with a {@link KeptRuleModule.scope} reads: only those under
 * its scope keys, checked at run time (anything else reads as undefined), so that the check is run
 * again whenever an edit changes one of them.
 */
export interface ScopedValues {
  /** The value `of` (a node of the structural model) sets for `key` when `key` is in the scope, else undefined. */
  memberOf(of: StructuralNode, key: ValueScope): unknown;
  /** The value at `path` from the root when a key of the scope is on `path`, else undefined. */
  valueAt(path: JsonPath): unknown;
}

/** One family of rules: its codes and its check, checked on every parse or kept while typing in strings. */
export type RuleModule<R extends RuleSet = RuleSet> = DocumentRuleModule<R> | KeptRuleModule<R>;

/**
 * A span of the text a {@link KeptRuleModule} reports on, made by the {@link StructuralModel}'s span
 * methods and given to its `report` only: opaque, because where a value ends is what typing in a
 * string changes (keptDiagnostics.ts moves the reported ranges; the check never reads them).
 */
export interface ReportSpan {
  readonly [reportSpanBrand]: true;
}
declare const reportSpanBrand: unique symbol;

/**
 * A node as a {@link KeptRuleModule} reads it (a PearlNode of the model, without its value and its
 * syntax-tree nodes): where it is, its nodeId, name and type, its transitions and nested actions.
 */
export interface StructuralNode {
  /** Where the node is: `['pearl', 'nodes', index]`, or its container's path, the list's key, its index. */
  readonly path: JsonPath;
  /** Position in its array. */
  readonly index: number;
  /** `nodeId` when it is a string. */
  readonly nodeId: string | undefined;
  /** `name` when it is a string. */
  readonly name: string | undefined;
  /** `nodeType` when it is a number. */
  readonly nodeType: number | undefined;
  /** The node's transitions that are objects, in document order. */
  readonly transitions: readonly StructuralTransition[];
  /** For a nested action: the node whose list holds it, and which list. */
  readonly container: { readonly node: StructuralNode; readonly list: NestedListKey } | undefined;
  /** Nested action nodes of handOffAction and postCallActions, in document order. */
  readonly nested: readonly StructuralNode[];
}

/** A transition as a {@link KeptRuleModule} reads it (a PearlTransition of the model, without its value and its syntax-tree nodes). */
export interface StructuralTransition {
  /** Where the transition is: its node's path, `'transitions'`, its index. */
  readonly path: JsonPath;
  /** The node the transition leaves from. */
  readonly source: StructuralNode;
  /** `name` when it is a string. */
  readonly name: string | undefined;
  /** `toNodeId` when it is a string. */
  readonly toNodeId: string | undefined;
  /** `apiResult` when it is a number. */
  readonly apiResult: number | undefined;
  /** The top-level node `toNodeId` names (its first holder), or undefined when it names none. */
  readonly target: StructuralNode | undefined;
}

/** The per-parse slots a {@link KeptRuleModule} may fill (graph/graphSupport.ts). */
export type StructuralSlot = 'graphFacts' | 'graphPaths';

/** What a {@link KeptRuleModule} may add to a diagnostic beyond its code and message. */
export interface StructuralReportOptions {
  /** A severity other than the registry's, only where a ruling names one (see `severityOverride`). */
  readonly severity?: DiagnosticSeverity;
  /** What a quick fix needs (LSP `Diagnostic.data`): made of the facts below, kept with the diagnostic. */
  readonly data?: unknown;
}

/**
 * What the check of a {@link KeptRuleModule} reads: the facts of a parse that no edit kept by the
 * string-edit patch (document/stringEditPatch.ts) can change. Such an edit stays inside one string
 * value under a key other than nodeId, name, toNodeId, id and `$schema`, adds no line break, no
 * key, no value and changes no value's JSON type. So the view holds the kind, the nodes and
 * transitions with their paths, nodeIds, names, types, apiResults and resolved targets, the entry
 * node, the incoming transitions, the transitions to each nodeId, whether and with which JSON type
 * a value is set, how many elements a list has, and the line a value starts on; it holds no string
 * value, no text, and no offset or length (reported spans are opaque). Typed, not enforced at run
 * time: the check receives the parse's own model objects.
 */
export interface StructuralModel {
  /** The document's kind (decided by `$schema` and by which keys `pearl` sets). */
  readonly kind: PearlKind;
  /** Top-level nodes of `pearl.nodes` (text Pearls), in document order. */
  readonly nodes: readonly StructuralNode[];
  /** Every node: each top-level node followed by its nested actions at any depth, in document order. */
  readonly allNodes: readonly StructuralNode[];
  /** First top-level node of each nodeId. */
  readonly nodesById: ReadonlyMap<string, StructuralNode>;
  /** The node the conversation starts from: the first PreCallAPI node, else the first OpeningSentence node. */
  readonly entry: StructuralNode | undefined;
  /** The transitions of top-level nodes that lead to each top-level node (PostCallActions containers left out). */
  readonly incoming: ReadonlyMap<StructuralNode, readonly StructuralTransition[]>;
  /** Every transition whose `toNodeId` is a given id, from any node (nested actions included), in document order; an id no transition names has no entry. */
  readonly transitionsTo: ReadonlyMap<string, readonly StructuralTransition[]>;
  /** The JSON type of the value at `path` from the root, or undefined when there is none. */
  jsonTypeAt(path: JsonPath): JsonType | undefined;
  /** The JSON type of the value `of` (a node or transition of this view) sets for `key`, or undefined when it sets none. */
  typeOfKey(of: StructuralNode | StructuralTransition, key: string): JsonType | undefined;
  /** The number of elements of the array `of` (a node or transition of this view) sets for `key`, or undefined when it sets no array there. */
  itemCount(of: StructuralNode | StructuralTransition, key: string): number | undefined;
  /** The number of elements of the array at `path` from the root, or undefined when there is no array there. */
  itemCountAt(path: JsonPath): number | undefined;
  /** The 1-based line the value at `path` starts on (diagnostics.ts `lineAt`). */
  lineAt(path: JsonPath): number;
  /** Where the value at `path` is written, else the nearest thing that exists (diagnostics.ts `valueSpan`). */
  valueSpan(path: JsonPath): ReportSpan;
  /** The key of the property whose value is at `path`, else the value's span (diagnostics.ts `keySpan`). */
  keySpan(path: JsonPath): ReportSpan;
  /** The key of the property whose value is at `path`, or undefined when the document writes no such property. */
  propertyKeySpan(path: JsonPath): ReportSpan | undefined;
  /** The opening `{` or `[` of the value at `path` (diagnostics.ts `openingSpan`). */
  openingSpan(path: JsonPath): ReportSpan;
  /** What `compute` gives for this parse, computed on the first call and kept under `slot` (pearlModel.ts `perParse`). */
  perParse<T>(slot: StructuralSlot, compute: () => T): T;
  /** Appends the diagnostic of `rule` at `span` with `message` to `diagnostics` (diagnostics.ts `createDiagnostic`). */
  report(diagnostics: Diagnostic[], span: ReportSpan, rule: DiagnosticRule, message: string, options?: StructuralReportOptions): void;
}

/** The names of the members of `T` that hold a string. */
type StringMembers<T> = { [K in keyof T]-?: NonNullable<T[K]> extends string ? K : never }[keyof T];

/** Compiles only when `A` is assignable to `B`. */
type Holds<A extends B, B> = [A, B];

/**
 * Compiles only while every string a kept check reads of a node or a transition is the value of a
 * key whose edit the patch parses again (document/stringEditPatch.ts `modelStringKeys`): a string
 * member added to {@link StructuralNode} or {@link StructuralTransition} under another key (a
 * transition's `condition`, a node's `script`) is a compile error here.
 */
export type StructuralStringsAreModelKeys = Holds<StringMembers<StructuralNode> | StringMembers<StructuralTransition>, ModelStringKey>;

/**
 * Where docs/rules.md is published: the `codeDescription.href` of a diagnostic is this address
 * followed by `#` and its code (each code is a heading of that page).
 */
export const rulesDocumentUrl = 'https://github.com/pearl-tools/pearl-language-tools/blob/main/docs/rules.md';

/** A section of docs/interface.md. */
export const interfaceSection = (heading: string): DiagnosticSection => ({ document: 'interface', heading });
/** A section of docs/rulings.md. */
export const rulingsSection = (heading: string): DiagnosticSection => ({ document: 'rulings', heading });

/** The registry entries of one module by name (`N`), typed with the module's codes (`C`, `'unknown-target' | …`). */
export type RuleEntries<N extends string, C extends string> = { readonly [K in N]: DiagnosticRule & { readonly code: C } };

/**
 * The registry entries of `definitions`, all of `group`, each with its documentation address
 * (computed once, not per diagnostic). The names and the codes keep their literal types (the
 * DiagnosticCode type of diagnosticCodes.ts is derived from them), nothing else: the library's
 * declarations carry no summary or example.
 */
export function defineRules<N extends string, const C extends string>(
  group: DiagnosticGroup,
  definitions: { readonly [K in N]: RuleDefinition & { readonly code: C } },
): RuleEntries<N, C> {
  const rules: Record<string, DiagnosticRule> = {};
  for (const [name, definition] of Object.entries<RuleDefinition>(definitions)) {
    rules[name] = { ...definition, group, href: `${rulesDocumentUrl}#${definition.code}` };
  }
  return rules as RuleEntries<N, C>;
}
