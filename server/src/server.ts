// The Pearl language server: thin glue between LSP and the transport-free Pearl language service.
// Handlers find the document, answer an empty result if it is gone, call the service,
// and catch every error at their boundary: no text can take the server down.
// Transport from the command line: `--stdio` (the default), `--node-ipc` (the VS Code client),
// `--socket=N` or `--pipe=NAME`. `--version` and `--help` print and exit (see cli/serverArguments.ts).
import {
  CodeAction,
  CodeActionKind,
  CompletionList,
  createConnection,
  Diagnostic,
  FormattingOptions,
  InitializeResult,
  LSPErrorCodes,
  MessageType,
  ResponseError,
  ProposedFeatures,
  Range,
  ShowMessageNotification,
  TextDocuments,
  TextEdit,
  TextDocumentSyncKind,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { getPackageVersion } from './cli/packageVersion';
import { parseServerArguments, serverUsage } from './cli/serverArguments';
import { PearlDocumentCache } from './documentCache';
import { deployPayloadRequest, graphEditRequest, graphRequest, locateFieldsRequest } from '../../protocol/pearlRequests';
import { nodeFileSystem } from './nodeFileSystem';
import { readConfigurationFile } from './readConfigurationFile';
import { RuleSettings } from './ruleSettings';
import { type CompletionCapabilities, fixAllKind, FoldingRangeContext, getLanguageService } from './service/pearlLanguageService';

/** Quiet time after the last change before a document is validated, in milliseconds. */
const diagnosticsDelayMs = 200;

/**
 * Longest time a change waits for its diagnostics while changes keep coming, in milliseconds: a
 * user typing without pause still sees diagnostics at least once a second.
 */
const diagnosticsMaxWaitMs = 1000;

const transportFlag = /^--(stdio|node-ipc|socket|pipe)(=|$)/;

const args = process.argv.slice(2);
const command = parseServerArguments(args);
if (command.kind === 'help') {
  process.stdout.write(serverUsage);
} else if (command.kind === 'version') {
  process.stdout.write(`${getPackageVersion()}\n`);
} else if (command.kind === 'error') {
  process.stderr.write(`pearl-language-server: ${command.message}\nTry 'pearl-language-server --help'.\n`);
  process.exitCode = 2;
} else {
  // createConnection reads the transport from the command line; stdio when none is given (and only
  // then does it redirect console.log away from the protocol stream).
  if (!args.some((arg) => transportFlag.test(arg))) process.argv.push('--stdio');
  startServer();
}

/** Creates the connection, wires the handlers and listens until `exit`. */
function startServer(): void {
  const connection = createConnection(ProposedFeatures.all);
  const documents = new TextDocuments(TextDocument);
  const service = getLanguageService({
    fileSystem: nodeFileSystem,
    readConfigurationFile,
    reportError: (message) => connection.console.error(message),
  });
  let foldingContext: FoldingRangeContext = {};
  let completionCapabilities: CompletionCapabilities = { snippetSupport: false, labelDetailsSupport: false };
  let workspaceFolders: string[] = [];
  let supportsWorkspaceFolders = false;
  const cache = new PearlDocumentCache(service);
  // The user's rules apply to what is published; the cache keeps the default severities (Deploy, the graph).
  const ruleSettings = new RuleSettings(connection, service, () => documents.all().forEach((document) => validate(document)));
  const pendingValidations = new Map<string, ReturnType<typeof setTimeout>>();
  // When the oldest change not yet validated came, per document (the debounce's maximum wait).
  const firstPendingChange = new Map<string, number>();
  // The version whose diagnostics were last published, so the change event that follows every open
  // does not validate the same version a second time.
  const publishedVersions = new Map<string, number>();

  connection.onInitialize((params): InitializeResult => {
    const completionItem = params.capabilities.textDocument?.completion?.completionItem;
    completionCapabilities = {
      snippetSupport: completionItem?.snippetSupport === true,
      labelDetailsSupport: completionItem?.labelDetailsSupport === true,
    };
    const version = getPackageVersion();
    const folding = params.capabilities.textDocument?.foldingRange;
    foldingContext = { rangeLimit: folding?.rangeLimit, collapsedText: folding?.foldingRange?.collapsedText === true };
    supportsWorkspaceFolders = params.capabilities.workspace?.workspaceFolders === true;
    workspaceFolders = params.workspaceFolders?.map((folder) => folder.uri) ?? (params.rootUri ? [params.rootUri] : []);
    service.setWorkspaceFolders(workspaceFolders);
    service.setClientCapabilities(params.capabilities);
    connection.console.log(`Pearl language server ${version} (Node ${process.version})`);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        // `{` completes variables inside strings only: outside them it must not open a list.
        completionProvider: { triggerCharacters: ['{', '"', ':'], resolveProvider: false },
        inlayHintProvider: { resolveProvider: false },
        hoverProvider: true,
        documentSymbolProvider: { label: 'Pearl' },
        definitionProvider: true,
        referencesProvider: true,
        documentHighlightProvider: true,
        renameProvider: { prepareProvider: true },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, fixAllKind] },
        documentFormattingProvider: true,
        documentRangeFormattingProvider: true,
        foldingRangeProvider: true,
        selectionRangeProvider: true,
        documentLinkProvider: { resolveProvider: false },
        workspaceSymbolProvider: true,
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'pearl-language-server', version },
    };
  });

  documents.onDidOpen(({ document }) => {
    cancelValidation(document.uri);
    validate(document);
  });

  documents.onDidChangeContent(({ document }) => {
    if (publishedVersions.get(document.uri) !== document.version) scheduleValidation(document);
  });

  documents.onDidClose(({ document }) => {
    const { uri } = document;
    cancelValidation(uri);
    cache.delete(uri);
    publishedVersions.delete(uri);
    firstPendingChange.delete(uri);
    send({ uri, diagnostics: [] });
  });

  connection.onCompletion((params): CompletionList => {
    const empty: CompletionList = { isIncomplete: false, items: [] };
    const textDocument = documents.get(params.textDocument.uri);
    if (!textDocument) return empty;
    try {
      return service.doComplete(cache.get(textDocument), params.position, {
        capabilities: completionCapabilities,
        triggerCharacter: params.context?.triggerCharacter,
      });
    } catch (error) {
      logError('completion', textDocument.uri, error);
      return empty;
    }
  });

  connection.onInitialized(() => {
    if (supportsWorkspaceFolders) {
      connection.workspace.onDidChangeWorkspaceFolders(({ added, removed }) => {
        const gone = new Set(removed.map((folder) => folder.uri));
        workspaceFolders = [...workspaceFolders.filter((uri) => !gone.has(uri)), ...added.map((folder) => folder.uri)];
        service.setWorkspaceFolders(workspaceFolders);
      });
    }
    // Compile the schema validators now rather than on the first document (about 100 ms).
    try {
      service.doValidation(service.parsePearlDocument(TextDocument.create('pearl:warm-up', 'pearl', 0, '{}')));
    } catch (error) {
      logError('warm-up', 'pearl:warm-up', error);
    }
  });

  /** Wraps a request handler on one document: null when the document is not open or on any error. */
  function onDocumentRequest<P extends { textDocument: { uri: string } }, R>(
    what: string,
    handler: (textDocument: TextDocument, params: P) => R,
  ): (params: P) => R | null {
    return (params) => {
      const textDocument = documents.get(params.textDocument.uri);
      if (!textDocument) return null;
      try {
        return handler(textDocument, params);
      } catch (error) {
        logError(what, textDocument.uri, error);
        return null;
      }
    };
  }

  connection.onRequest(
    graphRequest,
    onDocumentRequest('graph', (textDocument) => service.getGraph(cache.get(textDocument), cache.getDiagnostics(textDocument))),
  );
  connection.onRequest(
    deployPayloadRequest,
    onDocumentRequest('deploy payload', (textDocument) =>
      service.getDeployPayload(cache.get(textDocument), cache.getDiagnostics(textDocument)),
    ),
  );
  connection.onRequest(
    locateFieldsRequest,
    onDocumentRequest('locate fields', (textDocument, params) => {
      const pearlDocument = cache.get(textDocument);
      return params.keys.map((key) => ({ key, ...service.locateFieldPath(pearlDocument, key) }));
    }),
  );

  connection.onRequest(graphEditRequest, (params) => {
    const textDocument = documents.get(params.textDocument.uri);
    if (!textDocument) return null;
    try {
      const outcome = service.doGraphEdit(cache.get(textDocument), params.version, params.edit);
      // A refused edit is the user's to understand: answer with the reason.
      return 'refusal' in outcome ? new ResponseError(LSPErrorCodes.RequestFailed, outcome.refusal) : outcome.result;
    } catch (error) {
      logError('graph edit', textDocument.uri, error);
      return new ResponseError(
        LSPErrorCodes.RequestFailed,
        'The graph could not be changed because of an internal error of the Pearl language server.',
      );
    }
  });

  /** Wraps a handler that reads the current parse: `empty` when the document is gone or on any error. */
  function onParsed<P extends { textDocument: { uri: string } }, R>(
    what: string,
    empty: R,
    handler: (pearlDocument: ReturnType<typeof cache.get>, params: P) => R,
  ): (params: P) => R {
    return (params) => {
      const textDocument = documents.get(params.textDocument.uri);
      if (!textDocument) return empty;
      try {
        return handler(cache.get(textDocument), params);
      } catch (error) {
        logError(what, textDocument.uri, error);
        return empty;
      }
    };
  }

  connection.onHover(onParsed('hover', null, (doc, params) => service.doHover(doc, params.position)));
  connection.onDocumentSymbol(onParsed('document symbols', [], (doc) => service.findDocumentSymbols(doc)));
  connection.onDefinition(onParsed('definition', null, (doc, params) => service.findDefinition(doc, params.position)));
  connection.onReferences(
    onParsed('references', [], (doc, params) => service.findReferences(doc, params.position, params.context.includeDeclaration)),
  );
  connection.onDocumentHighlight(onParsed('highlights', [], (doc, params) => service.findDocumentHighlights(doc, params.position)));
  connection.onPrepareRename(onParsed('prepare rename', null, (doc, params) => service.prepareRename(doc, params.position)));
  connection.onRenameRequest((params) => {
    const textDocument = documents.get(params.textDocument.uri);
    if (!textDocument) return null;
    const doc = cache.get(textDocument);
    // An invalid name is the user's to fix: answer with the reason rather than an empty edit.
    const problem = service.getRenameError(doc, params.position, params.newName);
    if (problem) return new ResponseError(LSPErrorCodes.RequestFailed, problem);
    return onParsed('rename', null, (parsed, p: typeof params) => service.doRename(parsed, p.position, p.newName))(params);
  });
  connection.onCodeAction((params): CodeAction[] => {
    const textDocument = documents.get(params.textDocument.uri);
    if (!textDocument) return [];
    try {
      const { only } = params.context;
      const doc = cache.get(textDocument);
      const actions =
        !only || requestsKind(only, CodeActionKind.QuickFix) ? service.getCodeActions(doc, params.range, params.context.diagnostics) : [];
      // Fix-all only when asked for (on save, "Fix All", the source action menu), never in the light bulb.
      const fixAll = only && requestsKind(only, fixAllKind) ? service.getFixAllAction(doc, cache.getDiagnostics(textDocument)) : undefined;
      return fixAll ? [...actions, fixAll] : actions;
    } catch (error) {
      logError('code actions', textDocument.uri, error);
      return [];
    }
  });
  connection.onFoldingRanges(onParsed('folding ranges', [], (doc) => service.getFoldingRanges(doc, foldingContext)));
  connection.onSelectionRanges(onParsed('selection ranges', [], (doc, params) => service.getSelectionRanges(doc, params.positions)));
  connection.onDocumentLinks(onParsed('document links', [], (doc) => service.findDocumentLinks(doc)));
  connection.onWorkspaceSymbol((params) =>
    service.findWorkspaceSymbols(
      params.query,
      documents.all().map((document) => cache.get(document)),
    ),
  );
  connection.languages.inlayHint.on(onParsed('inlay hints', [], (doc, params) => service.getInlayHints(doc, params.range)));
  // A declined formatting (the answer would be too large) says why instead of doing nothing.
  const formatOrDecline = (doc: ReturnType<typeof cache.get>, range: Range | undefined, options: FormattingOptions): TextEdit[] => {
    const problem = service.getFormattingError(doc, range, options);
    if (problem) {
      // A notification, not a request: nothing waits for the user to dismiss it.
      void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: problem });
      return [];
    }
    return service.format(doc, range, options);
  };
  connection.onDocumentFormatting(onParsed('formatting', [], (doc, params) => formatOrDecline(doc, undefined, params.options)));
  connection.onDocumentRangeFormatting(
    onParsed('range formatting', [], (doc, params) => formatOrDecline(doc, params.range, params.options)),
  );

  connection.onShutdown(() => {
    for (const timer of pendingValidations.values()) clearTimeout(timer);
    pendingValidations.clear();
    cache.clear();
  });

  documents.listen(connection);
  connection.listen();

  /**
   * Validates `textDocument` once no change has come for {@link diagnosticsDelayMs}, or at the
   * latest {@link diagnosticsMaxWaitMs} after the first change not yet validated.
   */
  function scheduleValidation(textDocument: TextDocument): void {
    const { uri, version } = textDocument;
    cancelValidation(uri);
    const now = performance.now();
    const since = firstPendingChange.get(uri) ?? now;
    firstPendingChange.set(uri, since);
    const delay = Math.max(0, Math.min(diagnosticsDelayMs, since + diagnosticsMaxWaitMs - now));
    const timer = setTimeout(() => {
      if (pendingValidations.get(uri) === timer) pendingValidations.delete(uri);
      const current = documents.get(uri);
      // The document moved on (another timer is pending) or was closed.
      if (!current || current.version !== version) return;
      validate(current);
    }, delay);
    pendingValidations.set(uri, timer);
  }

  function cancelValidation(uri: string): void {
    const timer = pendingValidations.get(uri);
    if (timer === undefined) return;
    clearTimeout(timer);
    pendingValidations.delete(uri);
  }

  /** Validates the current version of `textDocument` and publishes its diagnostics. */
  function validate(textDocument: TextDocument): void {
    const { uri, version } = textDocument;
    let diagnostics: Diagnostic[];
    try {
      diagnostics = ruleSettings.configure(cache.get(textDocument), cache.getDiagnostics(textDocument));
    } catch (error) {
      logError('validation', uri, error);
      diagnostics = [];
    }
    // Diagnostics of a version the editor no longer shows would flicker onto the wrong text.
    if (documents.get(uri)?.version !== version) return;
    firstPendingChange.delete(uri);
    publishedVersions.set(uri, version);
    send({ uri, version, diagnostics });
  }

  function send(params: { uri: string; version?: number; diagnostics: Diagnostic[] }): void {
    void connection.sendDiagnostics(params).catch((error: unknown) => logError('publishing diagnostics', params.uri, error));
  }

  /** Whether `only` (a code action request's kinds) asks for `kind`: the kind itself or a parent (`source`, `source.fixAll`). */
  function requestsKind(only: readonly string[], kind: string): boolean {
    return only.some((requested) => kind === requested || kind.startsWith(`${requested}.`));
  }

  /** Logs an unexpected error with its stack; never the document text. */
  function logError(what: string, uri: string, error: unknown): void {
    const detail = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
    try {
      connection.console.error(`Pearl: ${what} failed for ${uri}: ${detail}`);
    } catch {
      // The connection is gone: nobody left to tell.
    }
  }
}
