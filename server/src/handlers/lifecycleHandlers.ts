import { CodeActionKind, InitializeResult, TextDocumentSyncKind } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { fixAllKind } from '../service/pearlLanguageService';
import { boundaryWhere, ServerContext } from './serverContext';

/**
 * `initialize`: records what the client supports (completion, folding, workspace folders) in
 * `context.client` and answers the server's capabilities. `initialized`: follows workspace folder
 * changes when the client sends them, and compiles the schema validators before the first document.
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
    client.folding = { rangeLimit: folding?.rangeLimit, collapsedText: folding?.foldingRange?.collapsedText === true };
    client.supportsWorkspaceFolders = params.capabilities.workspace?.workspaceFolders === true;
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
