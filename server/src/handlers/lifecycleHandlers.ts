import { CodeActionKind, DidChangeWatchedFilesNotification, InitializeResult, TextDocumentSyncKind } from 'vscode-languageserver';
import { clientWatchesFiles, watchedFileGlobs } from '#protocol/watchedFiles';
import { readItemLimit } from '#protocol/outlineLimit';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { fixAllKind } from '../service/pearlLanguageService';
import { boundaryWhere, ServerContext } from './serverContext';

/**
 * `initialize`: records what the client supports (completion, folding, workspace folders, watched
 * files) in `context.client` and answers the server's capabilities. `initialized`: follows workspace
 * folder changes when the client sends them, asks a client that can register watchers and does not
 * watch the Pearl files itself to watch them, and compiles the schema validators before the first
 * document.
 */
export function registerLifecycleHandlers(context: ServerContext): void {
  const { connection, service, client } = context;
  connection.onInitialize((params): InitializeResult => {
    const completionItem = params.capabilities.textDocument?.completion?.completionItem;
    const itemDefaults = params.capabilities.textDocument?.completion?.completionList?.itemDefaults;
    client.completion = {
      snippetSupport: completionItem?.snippetSupport === true,
      labelDetailsSupport: completionItem?.labelDetailsSupport === true,
      editRangeDefault: itemDefaults?.includes('editRange') === true,
      resolveDetail: itemDefaults?.includes('data') === true && completionItem?.resolveSupport?.properties.includes('detail') === true,
    };
    const folding = params.capabilities.textDocument?.foldingRange;
    // A rangeLimit that is not a whole number from 0 is no limit.
    client.folding = { rangeLimit: readItemLimit(folding?.rangeLimit), collapsedText: folding?.foldingRange?.collapsedText === true };
    client.supportsWorkspaceFolders = params.capabilities.workspace?.workspaceFolders === true;
    client.registerFileWatchers =
      params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true &&
      !clientWatchesFiles(params.initializationOptions);
    client.workspaceFolders = params.workspaceFolders?.map((folder) => folder.uri) ?? (params.rootUri ? [params.rootUri] : []);
    service.setWorkspaceFolders(client.workspaceFolders);
    service.setClientCapabilities(params.capabilities);
    const { version, runtime } = context.serverInfo;
    connection.console.log(`Pearl language server ${version} (${runtime})`);
    return { capabilities: serverCapabilities, serverInfo: { name: 'pearl-language-server', version } };
  });

  connection.onInitialized(() => {
    if (client.supportsWorkspaceFolders) {
      connection.workspace.onDidChangeWorkspaceFolders(({ added, removed }) => {
        const gone = new Set(removed.map((folder) => folder.uri));
        client.workspaceFolders = [...client.workspaceFolders.filter((uri) => !gone.has(uri)), ...added.map((folder) => folder.uri)];
        service.setWorkspaceFolders(client.workspaceFolders);
      });
    }
    // Without file events a walks file written on disk is seen within the walks listing's lifetime
    // (walksWorkspace.ts) and a `.pearlrc.json` at the next check: a client that can watch is asked to.
    if (client.registerFileWatchers) {
      connection.client
        .register(DidChangeWatchedFilesNotification.type, { watchers: watchedFileGlobs.map((globPattern) => ({ globPattern })) })
        .catch((error: unknown) =>
          connection.console.warn(`Pearl: the editor refused to watch the Pearl, walks and .pearlrc.json files: ${String(error)}`),
        );
    }
    // Compile the schema validators now rather than on the first document (about 100 ms).
    const warmUp = TextDocument.create('pearl:warm-up', 'pearl', 0, '{}');
    context.boundary.guard(
      boundaryWhere('warm-up', warmUp.uri),
      undefined,
      () => void service.doValidation(service.parsePearlDocument(warmUp)),
    );
  });
}

/** What the server offers (LSP `ServerCapabilities`). */
const serverCapabilities: InitializeResult['capabilities'] = {
  textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
  // `{` completes variables inside strings only: outside them it must not open a list.
  completionProvider: { triggerCharacters: ['{', '"', ':'], resolveProvider: true },
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
};
