import {
  CodeAction,
  CompletionItem,
  CompletionList,
  Diagnostic,
  DiagnosticSeverity,
  DocumentHighlight,
  DocumentLink,
  DocumentSymbol,
  FoldingRange,
  FormattingOptions,
  Hover,
  InlayHint,
  Location,
  LocationLink,
  Position,
  Range,
  SelectionRange,
  SymbolInformation,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { DeployPayload } from './features/deployPayload';
import type { GraphEdit, NodeSettingForm, PearlGraph } from '#protocol/graphTypes';
import type { SaveWalkTarget, WalkInput, WalkTrace } from '#protocol/walkTypes';
import type { WalkCoverage } from '#protocol/pearlRequests';
import { walkPearl } from './walks/walkEngine';
import { checkWalksFile, isWalksFileUri, readWalksFile, type UnresolvedPearl } from './walks/walksFile';
import { doWalksComplete, doWalksHover, findWalksDocumentSymbols, getWalksCodeActions } from './walks/walksFeatures';
import { getTransitionCoverage, getWalkCoverage, type CoverageTransition, type TransitionCoverage } from './walks/walkCoverage';
import { planSaveWalk, prepareSaveWalk, type SaveWalkOutcome, type WalksFileText } from './walks/walksFileEdit';
import { getCodeActions } from './features/quickFixes/codeActions';
import { adaptCompletionList, adaptHover, ClientCapabilities, fullClientCapabilities } from './features/clientCapabilities';
import { doComplete, resolveCompletionItem, type CompletionOptions } from './features/completion/completion';
import { getInlayHints } from './features/inlayHints';
import { findDefinition } from './features/definition';
import { findDocumentSymbols } from './features/documentSymbols';
import { format, getFormattingError } from './features/formatting';
import { doHover } from './features/hover';
import { findDocumentHighlights, findReferences, getRenameError, planRename, prepareRename } from './features/references';
import { getDeployPayload } from './features/deployPayload';
import { FieldLocation, getFieldPath, locateFieldPath } from './document/fieldPaths';
import { doGraphEdit, GraphEditOutcome } from './edits/graphEdits';
import { getNodeSettingForm } from './edits/settingEdits';
import { getPearlGraph } from './features/pearlGraph';
import { parsePearlDocument, PearlDocument } from './document/pearlDocument';
import { validateDocument } from './rules/diagnosticCodes';
import { diagnosticSource } from './rules/diagnostics';
import { findDocumentLinks } from './features/documentLinks';
import { FoldingRangeContext, getFoldingRanges } from './features/foldingRanges';
import { type DocumentSymbolsContext, limitDocumentSymbols } from './features/documentSymbolLimit';
import { getSelectionRanges } from './features/selectionRanges';
import { getFixAllAction } from './features/quickFixes/fixAll';
import { WorkspaceFileSystem, WorkspaceScanLimits, WorkspaceSymbolIndex } from './features/workspaceSymbols';
import type { RuleConfiguration } from './configuration/ruleConfiguration';
import type { ReadConfigurationFile } from './configuration/ruleConfigurationFile';
import {
  configureDiagnostics,
  resolveRuleConfiguration,
  type ResolvedRuleConfiguration,
  type RuleConfigurationOptions,
} from './configuration/ruleConfigurationService';

export type { PearlDocument } from './document/pearlDocument';
export type { CompletionCapabilities } from './features/completion/completionCapabilities';
export { completionItemDocument } from './features/completion/completion';
export type { CompletionOptions } from './features/completion/completion';
export type { GraphEditOutcome } from './edits/graphEdits';
export { DiagnosticCode, diagnosticRules, ruleDocumentationHref } from './rules/diagnosticCodes';
export type { FoldingRangeContext } from './features/foldingRanges';
export type { DocumentSymbolsContext } from './features/documentSymbolLimit';
export { fixAllKind } from './features/quickFixes/fixAll';
export { showRuleDocumentationCommand } from './features/quickFixes/disableActions';
export type { WorkspaceFileSystem, WorkspaceScanLimits } from './features/workspaceSymbols';
export type { ClientCapabilities } from './features/clientCapabilities';
export {
  checkRuleEntries,
  getEffectiveRules,
  isRuleSeverityName,
  RuleConfigurationCode,
  ruleSeverityNames,
} from './configuration/ruleConfiguration';
export type { CheckedRules, RuleConfiguration, RuleEntryProblem, RuleSeverityName } from './configuration/ruleConfiguration';
export { maxRuleConfigurationFileBytes, ruleConfigurationFileName } from './configuration/ruleConfigurationFile';
export type { ReadConfigurationFile, RuleConfigurationFile } from './configuration/ruleConfigurationFile';
export type { ResolvedRuleConfiguration, RuleConfigurationOptions } from './configuration/ruleConfigurationService';
export type { UnresolvedPearl } from './walks/walksFile';
export type { CoverageTransition, TransitionCoverage } from './walks/walkCoverage';
export { takenTransitions } from './walks/walkCoverage';
export { walkRules, type WalkRule } from './walks/walkCodes';
export { describePearlReadError, isInsideFolder, isWalksFileUri, pearlOutsideReason } from './walks/walksFile';
export { graphEditRenamesInWalks } from './walks/walksRename';
import { planWalksRenames } from './walks/walksRename';
export { walksFileOf, type SaveWalkOutcome, type WalksFileText } from './walks/walksFileEdit';

/** Host settings for the language service: the host's I/O is injected here (the service imports no `fs`). */
export interface LanguageServiceParams {
  /** File access for workspace symbols; without it they come from the open documents only. */
  readonly fileSystem?: WorkspaceFileSystem;
  /** Bounds of the workspace scan, replacing the defaults (tests use small ones). */
  readonly workspaceScanLimits?: Partial<WorkspaceScanLimits>;
  /**
   * Where the service reports its own bugs (a feature that threw; the feature then answers empty):
   * one line naming the feature, then the stack. Without it, the host's `console.error` if it has
   * one. The LSP server sends them to the client's output channel, never to stdout.
   */
  readonly reportError?: (message: string) => void;
  /** What the client can show; by default everything ({@link fullClientCapabilities}). */
  readonly clientCapabilities?: ClientCapabilities;
  /**
   * Reads a `.pearlrc.json` by URI for {@link PearlLanguageService.getRuleConfiguration} (undefined
   * when there is no such file). Without it, no `.pearlrc.json` is read.
   */
  readonly readConfigurationFile?: ReadConfigurationFile;
}

/**
 * The transport-free Pearl language service: the LSP server, the CLI linter, the tests
 * and the benchmark all call it. Parse once with {@link PearlLanguageService.parsePearlDocument}
 * and pass the result to every feature; the caller decides how to cache it.
 */
export interface PearlLanguageService {
  /**
   * Parses a document into the Pearl model with ranges. Never throws. `previous`, the parse of an
   * earlier version of the same document, lets an edit inside a string value be applied to it
   * instead of parsing again; `previous` must not be used afterwards.
   */
  parsePearlDocument(textDocument: TextDocument, previous?: PearlDocument): PearlDocument;
  /**
   * Every diagnostic of the document: syntax, schema (structure, types, enumerations, limits),
   * field rules, graph rules and variable references. Each has a stable `code` and
   * `source: "pearl"`. Never throws; linear in the size of the document.
   *
   * Without `configuration`, every diagnostic has its default severity: what the service would
   * reject is an Error (what Deploy checks). With it (`{ rules: {} }` for none), the user's rules and
   * the document's `pearl-disable` comments apply ({@link applyRuleConfiguration}).
   */
  doValidation(doc: PearlDocument, configuration?: RuleConfiguration): Diagnostic[];
  /**
   * `diagnostics` of `doc` (from `doValidation` without configuration) under `configuration` and the
   * document's `// pearl-disable-next-line` and `/* pearl-disable *\/ … /* pearl-enable *\/` comments:
   * configured severities, codes turned off dropped, and Warnings on the comments that name an
   * unknown code or a code the service would reject (never dropped nor lowered: docs/rulings.md §
   * Configuration). A new array. Never throws.
   */
  applyRuleConfiguration(doc: PearlDocument, diagnostics: readonly Diagnostic[], configuration: RuleConfiguration): Diagnostic[];
  /**
   * The rules for the document at `uri`: the nearest `.pearlrc.json` upward from it (read through
   * {@link LanguageServiceParams.readConfigurationFile}), with `hostRules` (the editor setting or
   * `--rule`, checked with `checkRuleEntries`) on top, and that file with its problems. The file's
   * `extends` and the `overrides` matching `uri` apply; `options` chooses another file
   * (`--config`) or ignores the comments (`--no-inline-config`). Throws what the injected read throws.
   */
  getRuleConfiguration(uri: string, hostRules?: RuleConfiguration, options?: RuleConfigurationOptions): ResolvedRuleConfiguration;
  /**
   * Completion at `position`: `{variable}` references in (V) fields, node ids in `toNodeId`,
   * property names with value skeletons, enumeration values by name, snippets for new nodes,
   * transitions, variables and indicator tags; nothing when `{` was typed outside a string
   * (`options.triggerCharacter`). Snippets and label details as `options.capabilities` allow (a
   * client like VS Code when absent). Never throws.
   */
  doComplete(doc: PearlDocument, position: Position, options?: CompletionOptions): CompletionList;
  /**
   * `completionItem/resolve`: what a list left to be resolved (the detail of a nodeId item, for a
   * client with `capabilities.resolveDetail`) filled in from `doc`, the document
   * {@link completionItemDocument} names; any other item as it is. Never throws.
   */
  resolveCompletionItem(doc: PearlDocument, item: CompletionItem): CompletionItem;
  /**
   * Inlay hints within `range`: the name after each integer enumeration value (`"nodeType": 10`
   * shows `Dialogue`) and the target's name and type after each toNodeId. Never throws.
   */
  getInlayHints(doc: PearlDocument, range: Range): InlayHint[];
  /** The conversation graph for the preview, each node with the `diagnostics` inside it. */
  getGraph(doc: PearlDocument, diagnostics: readonly Diagnostic[]): PearlGraph;
  /**
   * `pearl/graphEdit`: the minimal edit of one graph change (a kind of protocol/graphEditKinds.ts:
   * add or delete a node or transition, retarget or rename a transition, set a node's property or
   * settings field, clear a settings field, add a settings entry) for the document at `version`,
   * or a refusal sentence for the user. A transition rename or a nodeId change also edits each of
   * `walksFiles` (parsed walks files; the host passes the workspace's, see
   * {@link graphEditRenamesInWalks}) whose `pearl` names this Pearl. Never throws.
   */
  doGraphEdit(doc: PearlDocument, version: number, edit: GraphEdit, walksFiles?: readonly PearlDocument[]): GraphEditOutcome;
  /**
   * `pearl/nodeSettingFields`: the fields and lists of the settings object of node `key` (a
   * `PearlGraphNode.key`) for the designer's side panel, from the schema; undefined when the key
   * names no node or its type has no settings object. Never throws.
   */
  getNodeSettingForm(doc: PearlDocument, key: string): NodeSettingForm | undefined;
  /**
   * `pearl/walk`: the trace of `input` through the text Pearl `doc` (docs/user/walks.md § The walk): a
   * frame per node reached from the entry node, each with what the node says or sends with the
   * values known there, its transitions and the variables; the first failing step (`failure`) and
   * the warnings. A simple Pearl, or one without an entry node, gives a failure at step -1. Never
   * throws.
   */
  walk(doc: PearlDocument, input: WalkInput): WalkTrace;
  /**
   * `pearl/prepareSaveWalk`: where "Save as walk" puts `input` for the Pearl `doc`
   * (docs/user/walks.md § Walk a conversation): `walksFile` is the walks file `walksFileOf` names,
   * as the host has it; answers the names it already has and a name to offer, or a refusal sentence for the user
   * (the walk fails on a step, the Pearl has no file, the walks file is not one a walk can be added
   * to). Never throws.
   */
  prepareSaveWalk(doc: PearlDocument, input: WalkInput, walksFile: WalksFileText): SaveWalkOutcome<SaveWalkTarget>;
  /**
   * `pearl/saveWalk`: the edit saving `input` as the walk `name` in `walksFile` (created when it has
   * no text; else the walk appended to its `walks`, in its own indentation and line endings), or a
   * refusal sentence for the user: as {@link PearlLanguageService.prepareSaveWalk}, and an empty or
   * taken name. Never throws.
   */
  planSaveWalk(doc: PearlDocument, input: WalkInput, name: string, walksFile: WalksFileText): SaveWalkOutcome<WorkspaceEdit>;
  /**
   * The URI of the Pearl a walks file (`*.walks.json`, parsed with {@link parsePearlDocument})
   * walks: its `pearl` path resolved against the file's URI; undefined when `pearl` is missing or
   * not a string. Never throws.
   */
  getWalksFilePearlUri(walksDoc: PearlDocument): string | undefined;
  /**
   * Every diagnostic of a walks file (docs/user/walks.md § Diagnostics): its structure, then each walk
   * run through `pearl` (the parse of the Pearl {@link getWalksFilePearlUri} names) with its failure
   * on the step that fails and its warnings; `walk-pearl-unresolved` on `pearl` when the host could
   * not read the Pearl (`{ reason }`, a sentence fragment such as "no such file"). `onWalk` is given
   * each walk's trace as it is walked (for {@link getTransitionCoverage}'s `known`). Never throws.
   */
  checkWalksFile(walksDoc: PearlDocument, pearl: PearlDocument | UnresolvedPearl, onWalk?: (trace: WalkTrace) => void): Diagnostic[];
  /** Completion in a walks file: transition names in `take`, variable ids in `set` and `variables`. Never throws. */
  doWalksComplete(walksDoc: PearlDocument, pearl: PearlDocument, position: Position): CompletionList;
  /**
   * Quick fixes in a walks file: for a `take` naming no transition of the node the walk stands at
   * (`walk-take-unknown`), the nearest transition names ("Change to 'x'") and each other transition
   * of that node ("Take 'y'"). Never throws.
   */
  getWalksCodeActions(walksDoc: PearlDocument, pearl: PearlDocument, diagnostics: Diagnostic[]): CodeAction[];
  /** Hover on a walks file's step: the node the walk reaches there (or why it fails). Null elsewhere. Never throws. */
  doWalksHover(walksDoc: PearlDocument, pearl: PearlDocument, position: Position): Hover | null;
  /**
   * `pearl/walkCoverage`: the edge keys of `pearl`'s graph that a walk of `walksFiles` takes and a
   * summary of each of those walks; walks files naming another Pearl are skipped. Never throws.
   */
  getWalkCoverage(pearl: PearlDocument, walksFiles: readonly PearlDocument[]): WalkCoverage;
  /** `pearl-lint --coverage`: the transitions of `pearl`'s graph that no walk of `walksFiles` takes, in document order. Never throws. */
  getUncoveredTransitions(pearl: PearlDocument, walksFiles: readonly PearlDocument[]): CoverageTransition[];
  /**
   * `pearl-lint --coverage` of one Pearl: how many transitions its graph has, the walks counted and
   * the transitions none takes (with their ranges, in document order). The walks of `walksFiles`
   * are walked; `known` adds walks already walked (the edge keys their traces took, from
   * {@link checkWalksFile}'s `onWalk` and `takenTransitions`, and their number). Never throws.
   */
  getTransitionCoverage(
    pearl: PearlDocument,
    walksFiles: readonly PearlDocument[],
    known?: { readonly taken: Iterable<string>; readonly walks: number },
  ): TransitionCoverage;
  /** What a deploy sends: operation path, strict JSON body without `$schema`, summary, errors. */
  getDeployPayload(doc: PearlDocument, diagnostics: readonly Diagnostic[]): DeployPayload;
  /** Where a ValidationProblemDetails `errors` key (`pearl.nodes[2].name`, any case) lands. */
  locateFieldPath(doc: PearlDocument, key: string): FieldLocation;
  /** The ASP.NET-style field path of the value at `offset` (`pearl.nodes[2].name`; `$` for the root). */
  getFieldPath(doc: PearlDocument, offset: number): string;
  /**
   * Hover at `position`: a field's schema description, type and limits; an enumeration value's
   * name and meaning; a `{variable}`'s declaration; a toNodeId's target; a nodeId's transitions.
   * Null where there is nothing to say. Never throws.
   */
  doHover(doc: PearlDocument, position: Position): Hover | null;
  /**
   * The outline: the Pearl, its nodes with transitions and nested actions, variables, tags, channel;
   * for a walks file (`*.walks.json`), its Pearl path and its walks with their steps; with a
   * `resultLimit`, at most that many symbols, breadth first (features/documentSymbolLimit.ts).
   * Never throws.
   */
  findDocumentSymbols(doc: PearlDocument, context?: DocumentSymbolsContext): DocumentSymbol[];
  /** From a toNodeId to its node; from a `{id}` or variableId to the variable. Null elsewhere. Never throws. */
  findDefinition(doc: PearlDocument, position: Position): LocationLink[] | null;
  /** Every toNodeId naming a node id, or every `{id}` and variableId naming a variable id (+ declarations). Never throws. */
  findReferences(doc: PearlDocument, position: Position, includeDeclaration: boolean): Location[];
  /** The occurrences of the node id or variable id at `position`: declarations Write, uses Read. Never throws. */
  findDocumentHighlights(doc: PearlDocument, position: Position): DocumentHighlight[];
  /** The range and text of the node id, variable id or transition name a rename at `position` would change, or null. Never throws. */
  prepareRename(doc: PearlDocument, position: Position): { range: Range; placeholder: string } | null;
  /** Why `newName` is refused for the identifier at `position` (invalid id, taken), or undefined. Never throws. */
  getRenameError(doc: PearlDocument, position: Position, newName: string): string | undefined;
  /**
   * The edits renaming a node id, variable id or transition name everywhere it occurs; a node id
   * or transition rename also edits each of `walksFiles` (parsed walks files; the host passes the
   * workspace's) whose `pearl` names this Pearl: its `take`s of that transition, its `expect.node`s
   * of that id (docs/user/walks.md § In the editor). Null when refused or off an identifier. Never throws.
   */
  doRename(doc: PearlDocument, position: Position, newName: string, walksFiles?: readonly PearlDocument[]): WorkspaceEdit | null;
  /**
   * Quick fixes for the Pearl diagnostics of the code action context, keyed by diagnostic code, then
   * (last) "Disable <code> for this line", "… for the entire file" and "Show documentation for <code>". Never throws.
   */
  getCodeActions(doc: PearlDocument, range: Range, diagnostics: Diagnostic[]): CodeAction[];
  /** Formatting edits for the document or `range`, keeping comments; the parsed value never changes. Never throws. */
  format(doc: PearlDocument, range: Range | undefined, options: FormattingOptions): TextEdit[];
  /** Folding ranges: multi-line objects, arrays and comments; collapsed text names nodes where the client shows it. Never throws. */
  getFoldingRanges(doc: PearlDocument, context?: FoldingRangeContext): FoldingRange[];
  /** Smart-select chains at `positions`, innermost range first, one per position. Never throws. */
  getSelectionRanges(doc: PearlDocument, positions: Position[]): SelectionRange[];
  /** Links: `$schema` to the schema file, https URLs in string values. Never throws. */
  findDocumentLinks(doc: PearlDocument): DocumentLink[];
  /** The `source.fixAll.pearl` action applying the safe fixes of `diagnostics` (all of the document's), or undefined. Never throws. */
  getFixAllAction(doc: PearlDocument, diagnostics: readonly Diagnostic[]): CodeAction | undefined;
  /** Sets the workspace folder URIs whose `*.pearl.json` files workspace symbols include. */
  setWorkspaceFolders(folderUris: readonly string[]): void;
  /**
   * Sets what the client can show (from the `initialize` request): hover and completion
   * documentation in plain text without markdown, completion without snippets or `labelDetails`.
   */
  setClientCapabilities(capabilities: ClientCapabilities): void;
  /**
   * Workspace symbols matching `query`: the nodes and variables of `openDocuments` and of every
   * `*.pearl.json` under the workspace folders (read through the injected file system, bounded,
   * cached by mtime). Never rejects.
   */
  findWorkspaceSymbols(query: string, openDocuments: readonly PearlDocument[]): Promise<SymbolInformation[]>;
  /** Why formatting is declined (the formatted text would be too long), or undefined. Never throws. */
  getFormattingError(doc: PearlDocument, range: Range | undefined, options: FormattingOptions): string | undefined;
}

/** The refusal of a graph edit stopped by an internal error (a bug), for the user. */
const graphEditFailure = 'The graph could not be changed because of an internal error of the Pearl language server.';

/** Why a walk could not be saved when planning it stopped on an internal error (a bug), for the user. */
const saveWalkFailure = 'The walk could not be saved because of an internal error of the Pearl language server.';

/** The failure of a walk stopped by an internal error (a bug), for the user. */
const walkFailure = 'The walk could not be computed because of an internal error of the Pearl language server.';

/**
 * What a walks file reports when its check stops on an internal error (a bug): an Error at its
 * start, so the file is never shown as passing (pearl-lint stops with exit status 2 before).
 */
const walksCheckFailure: Diagnostic = {
  range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
  severity: DiagnosticSeverity.Error,
  source: diagnosticSource,
  message: 'The walks of this file could not be checked because of an internal error of the Pearl language server.',
};

/** The file system of a host that gives none: every read fails, so workspace symbols list the open documents only. */
const noFiles: WorkspaceFileSystem = {
  readDirectory: () => Promise.reject(new Error('no file system')),
  stat: () => Promise.reject(new Error('no file system')),
  readFile: () => Promise.reject(new Error('no file system')),
};

/**
 * The product's one error boundary: what an unexpected error (a bug: expected problems are data)
 * becomes, in every host. Each feature of the service runs under it, so pearl-lint, the library and
 * the language server answer the same empty result; the server runs its own glue (its parse cache,
 * the diagnostics timer, the warm-up) under a boundary made by {@link createErrorBoundary} too.
 * Either way the host gets one line, `pearl: internal error in <where>: <stack>`, and never the
 * document's text.
 */
export interface ErrorBoundary {
  /** Reports an unexpected error of `where` (a feature's name, with the document's URI if known) with its stack. */
  readonly reportInternalError: (where: string, error: unknown) => void;
  /** Runs `feature`; on an unexpected error reports it and answers `fallback` (the feature's empty answer). */
  readonly guard: <T>(where: string, fallback: T, feature: () => T) => T;
}

/**
 * The {@link ErrorBoundary} reporting through `reportError` (one message per error: the line above,
 * then the stack). What `reportError` throws goes to the caller: pearl-lint throws there, to stop
 * with exit status 2 rather than report a fallback as the file's result.
 */
export function createErrorBoundary(reportError: (message: string) => void): ErrorBoundary {
  const reportInternalError = (where: string, error: unknown): void => {
    const detail = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
    reportError(`pearl: internal error in ${where}: ${detail}`);
  };
  const guard = <T>(where: string, fallback: T, feature: () => T): T => {
    try {
      return feature();
    } catch (error) {
      reportInternalError(where, error);
      return fallback;
    }
  };
  return { reportInternalError, guard };
}

/** The outline of a Pearl, or of a walks file (docs/user/walks.md § In the editor), within the context's limit. */
function findOutline(doc: PearlDocument, context: DocumentSymbolsContext | undefined): DocumentSymbol[] {
  const symbols = isWalksFileUri(doc.textDocument.uri) ? findWalksDocumentSymbols(doc) : findDocumentSymbols(doc);
  return limitDocumentSymbols(symbols, context?.resultLimit);
}

/**
 * The walk panel's features behind the service's error boundary: the trace (walks/walkEngine.ts;
 * an unexpected error is a failure at step -1) and "Save as walk" (walks/walksFileEdit.ts; an
 * unexpected error is a refusal).
 */
function walkFeatures(guard: ErrorBoundary['guard']): Pick<PearlLanguageService, 'walk' | 'prepareSaveWalk' | 'planSaveWalk'> {
  return {
    walk: (doc, input) =>
      guard('walk', { frames: [], ended: false, failure: { step: -1, message: walkFailure }, warnings: [] }, () => walkPearl(doc, input)),
    prepareSaveWalk: (doc, input, walksFile) =>
      guard('prepareSaveWalk', { refusal: saveWalkFailure }, () => prepareSaveWalk(doc, input, walksFile)),
    planSaveWalk: (doc, input, name, walksFile) =>
      guard('planSaveWalk', { refusal: saveWalkFailure }, () => planSaveWalk(doc, input, name, walksFile)),
  };
}

/**
 * A rename of the Pearl (features/references.ts) with the edits of the walks files that follow it
 * (walks/walksRename.ts), in one WorkspaceEdit: one undo.
 */
function renameWithWalks(
  doc: PearlDocument,
  position: Position,
  newName: string,
  walksFiles: readonly PearlDocument[] = [],
): WorkspaceEdit | null {
  const planned = planRename(doc, position, newName);
  if (planned === null) return null;
  const changes: Record<string, TextEdit[]> = { [doc.textDocument.uri]: planned.edits };
  if (planned.followed) for (const file of planWalksRenames(walksFiles, doc, planned.followed)) changes[file.uri] = file.edits;
  return { changes };
}

/** Creates the Pearl language service. */
export function getLanguageService(params: LanguageServiceParams = {}): PearlLanguageService {
  const workspaceIndex = new WorkspaceSymbolIndex(params.fileSystem ?? noFiles, params.workspaceScanLimits);
  const { reportInternalError, guard } = createErrorBoundary(params.reportError ?? hostConsoleError);
  let clientCapabilities: ClientCapabilities = params.clientCapabilities ?? fullClientCapabilities;
  return {
    parsePearlDocument,
    // One rule's bug must not hide the others' diagnostics nor take the host down (validateDocument).
    doValidation(doc, configuration) {
      const diagnostics = validateDocument(doc, reportInternalError);
      return configuration
        ? guard('applyRuleConfiguration', diagnostics, () => configureDiagnostics(doc, diagnostics, configuration))
        : diagnostics;
    },
    applyRuleConfiguration: (doc, diagnostics, configuration) =>
      guard('applyRuleConfiguration', [...diagnostics], () => configureDiagnostics(doc, diagnostics, configuration)),
    getRuleConfiguration: (uri, hostRules, options) => resolveRuleConfiguration(uri, hostRules, params.readConfigurationFile, options),
    getGraph: getPearlGraph,
    doGraphEdit: (doc, version, edit, walksFiles) =>
      guard('doGraphEdit', { refusal: graphEditFailure }, () => doGraphEdit(doc, version, edit, walksFiles)),
    getNodeSettingForm: (doc, key) => guard('getNodeSettingForm', undefined, () => getNodeSettingForm(doc, key)),
    ...walkFeatures(guard),
    getWalksFilePearlUri: (walksDoc) => guard('getWalksFilePearlUri', undefined, () => readWalksFile(walksDoc).pearlUri),
    checkWalksFile: (walksDoc, pearl, onWalk) =>
      guard('checkWalksFile', [walksCheckFailure], () => checkWalksFile(walksDoc, pearl, onWalk)),
    doWalksComplete: (walksDoc, pearl, position) =>
      guard('doWalksComplete', { isIncomplete: false, items: [] }, () =>
        adaptCompletionList(doWalksComplete(walksDoc, pearl, position), clientCapabilities),
      ),
    getWalksCodeActions: (walks, pearl, diagnostics) =>
      guard('getWalksCodeActions', [], () => getWalksCodeActions(walks, pearl, diagnostics)),
    doWalksHover: (walksDoc, pearl, position) =>
      guard('doWalksHover', null, () => adaptHover(doWalksHover(walksDoc, pearl, position), clientCapabilities)),
    getWalkCoverage: (pearl, walksFiles) => guard('getWalkCoverage', { covered: [], walks: [] }, () => getWalkCoverage(pearl, walksFiles)),
    getUncoveredTransitions: (pearl, walksFiles) =>
      guard('getUncoveredTransitions', [], () => getTransitionCoverage(pearl, walksFiles).uncovered),
    getTransitionCoverage: (pearl, walksFiles, known) =>
      guard('getTransitionCoverage', { transitions: 0, walks: 0, uncovered: [] }, () => getTransitionCoverage(pearl, walksFiles, known)),
    getDeployPayload,
    locateFieldPath,
    getFieldPath,
    doComplete: (doc, position, options) =>
      guard('doComplete', { isIncomplete: false, items: [] }, () =>
        adaptCompletionList(doComplete(doc, position, options), clientCapabilities),
      ),
    resolveCompletionItem: (doc, item) => guard('resolveCompletionItem', item, () => resolveCompletionItem(doc, item)),
    doHover: (doc, position) => guard('doHover', null, () => adaptHover(doHover(doc, position), clientCapabilities)),
    findDocumentSymbols: (doc, context) => guard('findDocumentSymbols', [], () => findOutline(doc, context)),
    findDefinition: (doc, position) => guard('findDefinition', null, () => findDefinition(doc, position)),
    findReferences: (doc, position, includeDeclaration) =>
      guard('findReferences', [], () => findReferences(doc, position, includeDeclaration)),
    findDocumentHighlights: (doc, position) => guard('findDocumentHighlights', [], () => findDocumentHighlights(doc, position)),
    prepareRename: (doc, position) => guard('prepareRename', null, () => prepareRename(doc, position)),
    getRenameError: (doc, position, newName) => guard('getRenameError', undefined, () => getRenameError(doc, position, newName)),
    doRename: (doc, position, newName, walksFiles) => guard('doRename', null, () => renameWithWalks(doc, position, newName, walksFiles)),
    getCodeActions: (doc, range, diagnostics) => guard('getCodeActions', [], () => getCodeActions(doc, range, diagnostics)),
    format: (doc, range, options) => guard('format', [], () => format(doc, range, options)),
    getInlayHints: (doc, range) => guard('getInlayHints', [], () => getInlayHints(doc, range)),
    getFoldingRanges: (doc, context) => guard('getFoldingRanges', [], () => getFoldingRanges(doc, context)),
    getSelectionRanges: (doc, positions) =>
      guard(
        'getSelectionRanges',
        positions.map((position) => ({ range: { start: position, end: position } })),
        () => getSelectionRanges(doc, positions),
      ),
    findDocumentLinks: (doc) => guard('findDocumentLinks', [], () => findDocumentLinks(doc)),
    getFixAllAction: (doc, diagnostics) => guard('getFixAllAction', undefined, () => getFixAllAction(doc, diagnostics)),
    setWorkspaceFolders: (folderUris) => workspaceIndex.setFolders(folderUris),
    setClientCapabilities: (capabilities) => {
      clientCapabilities = capabilities;
    },
    findWorkspaceSymbols: async (query, openDocuments) => {
      try {
        return await workspaceIndex.findSymbols(query, openDocuments);
      } catch (error) {
        reportInternalError('findWorkspaceSymbols', error);
        return [];
      }
    },
    getFormattingError: (doc, range, options) => guard('getFormattingError', undefined, () => getFormattingError(doc, range, options)),
  };
}

/** The host's `console.error`, where there is one (the service is typed without any host's globals). */
function hostConsoleError(message: string): void {
  (globalThis as { console?: { error(text: string): void } }).console?.error(message);
}
