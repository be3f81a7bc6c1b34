import { type Connection, ErrorCodes, type Message, type MessageStrategy, ResponseError, type TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import type { PearlDocumentCache } from '../documentCache';
import type { WalksWorkspace } from '../walks';
import type {
  CompletionCapabilities,
  ErrorBoundary,
  FoldingRangeContext,
  PearlDocument,
  PearlLanguageService,
} from '../service/pearlLanguageService';

/** What the client said it supports at `initialize`, and the settings it sent since, as the handlers need them. */
export interface ClientSettings {
  /** What completion items may hold (snippets, label details). */
  completion: CompletionCapabilities;
  /** The client's limits on folding ranges (`rangeLimit` only when a whole number from 0). */
  folding: FoldingRangeContext;
  /** Whether the client sends `workspace/didChangeWorkspaceFolders`. */
  supportsWorkspaceFolders: boolean;
  /**
   * Whether the server asks the client to watch the Pearl, walks and `.pearlrc.json` files
   * (`client/registerCapability` of `workspace/didChangeWatchedFiles`): the client can register
   * watchers dynamically and does not watch them itself (protocol/watchedFiles.ts).
   */
  registerFileWatchers: boolean;
  /** The workspace folders' URIs, kept up to date. */
  workspaceFolders: string[];
  /**
   * The most symbols an outline gives, and folding ranges (when the client asks for more, or says
   * no limit): the `pearl.maxItemsComputed` setting (5,000 until the client sends settings; kept up
   * to date by ruleSettings.ts).
   */
  maxItemsComputed: number;
}

/** What every handler shares: the connection, the open documents, their parses, the service. */
export interface ServerContext {
  readonly connection: Connection;
  readonly documents: TextDocuments<TextDocument>;
  readonly cache: PearlDocumentCache;
  readonly service: PearlLanguageService;
  /**
   * The product's one error boundary ({@link ErrorBoundary}), reporting to the client's output
   * channel like the service's: the service's features run under it inside the service; the
   * handlers run their own glue (the parse cache, the rule settings, the timers) under it here.
   */
  readonly boundary: ErrorBoundary;
  /** Walks files (`*.walks.json`): their validation against their Pearl, re-checks, coverage. */
  readonly walks: WalksWorkspace;
  /** Filled at `initialize`. */
  readonly client: ClientSettings;
  /**
   * The diagnostics of a Pearl document as the Problems view shows them: its current version's, under
   * the rules the user tuned (`pearl.rules`, `.pearlrc.json`, `pearl-disable` comments; ruleSettings.ts),
   * an `off` code gone. The graph reads these; Deploy reads `cache.getDiagnostics` (default severities).
   */
  configureDiagnostics(textDocument: TextDocument): Diagnostic[];
  /** The package's version and where the server runs (`Node v20.9.0`, `a web worker`), for `initialize`. */
  readonly serverInfo: { readonly version: string; readonly runtime: string };
}

/** A request's parameters that name one document. */
export interface DocumentParams {
  readonly textDocument: { readonly uri: string };
}

/** What the boundary's log line names: the feature and the document, `hover (file:///a.pearl.json)`. */
export function boundaryWhere(what: string, uri: string): string {
  return `${what} (${uri})`;
}

/**
 * A parameter a handler reads besides `textDocument`, checked at the boundary
 * ({@link describeParamsProblem}) so that malformed params are refused, never thrown on.
 */
export type ParamName =
  'position' | 'positions' | 'range' | 'newName' | 'options' | 'context' | 'keys' | 'node' | 'version' | 'edit' | 'walk' | 'name';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): boolean => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isPosition = (value: unknown): boolean => isObject(value) && isCount(value.line) && isCount(value.character);
const isRange = (value: unknown): boolean => isObject(value) && isPosition(value.start) && isPosition(value.end);

/** How each {@link ParamName} must look, and how the refusal says it. */
const paramShapes: Record<ParamName, { readonly test: (value: unknown) => boolean; readonly expected: string }> = {
  position: { test: isPosition, expected: 'position { line, character } (whole numbers from 0)' },
  positions: { test: (value) => Array.isArray(value) && value.every(isPosition), expected: 'positions, a list of { line, character }' },
  range: { test: isRange, expected: 'range { start, end } (positions)' },
  newName: { test: (value) => typeof value === 'string', expected: 'newName (a string)' },
  options: { test: isObject, expected: 'options (an object)' },
  context: { test: isObject, expected: 'context (an object)' },
  keys: { test: (value) => Array.isArray(value) && value.every((key) => typeof key === 'string'), expected: 'keys, a list of strings' },
  node: { test: (value) => typeof value === 'string', expected: 'node (a string)' },
  version: { test: (value) => Number.isInteger(value), expected: 'version (an integer)' },
  edit: { test: isObject, expected: 'edit (an object)' },
  walk: { test: (value) => isObject(value) && Array.isArray(value.steps), expected: 'walk { steps } (steps a list)' },
  name: { test: (value) => typeof value === 'string', expected: 'name (a string)' },
};

/**
 * Why `params` cannot be the params of the request `what` (one plain sentence naming what is
 * expected, quoting none of the input), or undefined when they can: an object with
 * `textDocument.uri` (a string) and each of `required` in its shape.
 */
export function describeParamsProblem(what: string, params: unknown, required: readonly ParamName[] = []): string | undefined {
  const valid =
    isObject(params) &&
    isObject(params.textDocument) &&
    typeof params.textDocument.uri === 'string' &&
    required.every((name) => paramShapes[name].test(params[name]));
  if (valid) return undefined;
  // The sentence only for a refusal: every request of the editor passes here.
  const needs = ['textDocument { uri } (a string)', ...required.map((name) => paramShapes[name].expected)].join(', ');
  return `The ${what} request needs params with ${needs}.`;
}

/**
 * A handler of requests on one open document: refuses malformed params with InvalidParams
 * ({@link describeParamsProblem}: `textDocument.uri` and each of `required`), answers `empty`
 * when the document is not open, else calls `handler` with its current parse under the error
 * boundary ({@link ServerContext.boundary}), which answers `failed` (by default `empty`) on an
 * unexpected error of the handler's glue; the service's features answer their own empty result.
 */
export function onDocument<P extends DocumentParams, R>(
  context: ServerContext,
  what: string,
  empty: R,
  handler: (pearlDocument: PearlDocument, params: P, textDocument: TextDocument) => R,
  failed: R = empty,
  required: readonly ParamName[] = [],
): (params: P) => R | ResponseError<void> {
  return (params) => {
    const problem = describeParamsProblem(what, params, required);
    if (problem !== undefined) return new ResponseError(ErrorCodes.InvalidParams, problem);
    const textDocument = context.documents.get(params.textDocument.uri);
    if (!textDocument) return empty;
    return context.boundary.guard(boundaryWhere(what, textDocument.uri), failed, () =>
      handler(context.cache.get(textDocument), params, textDocument),
    );
  };
}

/**
 * The connection's message strategy: a request whose params are present but no object (`null`,
 * an array, a number) gets `{}` instead, before the LSP library reads them (it reads
 * `params.workDoneToken` and would throw, answering InternalError with the exception's text);
 * the handlers then refuse `{}` with InvalidParams. `shutdown` takes no params and is left alone.
 */
export const objectParamsStrategy: MessageStrategy = {
  handleMessage(message: Message, next: (message: Message) => void): void {
    const request = message as Message & { method?: unknown; id?: unknown; params?: unknown };
    const isRequest = typeof request.method === 'string' && request.id !== undefined;
    if (isRequest && request.method !== 'shutdown' && 'params' in request && !isObject(request.params)) {
      next({ ...request, params: {} } as Message);
      return;
    }
    next(message);
  },
};
