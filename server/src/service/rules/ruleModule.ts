import type { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver-types';
import type { PearlDocument } from '../document/pearlDocument';
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

/** One family of rules: its codes and its check. */
export interface RuleModule<R extends RuleSet = RuleSet> {
  /** How an internal error of the check is reported (`graph rules`). */
  readonly name: string;
  readonly rules: R;
  /**
   * Appends the family's diagnostics of `doc` to `diagnostics`. Robust to any partial or
   * wrong-typed input (values of the wrong type are schema validation's); never throws on purpose.
   */
  check(doc: PearlDocument, diagnostics: Diagnostic[]): void;
  /**
   * Set when the check reads nothing an edit inside a string value the model does not read can
   * change (only nodeIds, names, targets, node types, the kind): its diagnostics are then kept
   * across such edits, moved along the edited line, instead of checked again (keptDiagnostics.ts).
   */
  readonly keptWhileTypingInStrings?: boolean;
}

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
