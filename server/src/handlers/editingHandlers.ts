import {
  CodeAction,
  CodeActionKind,
  CompletionList,
  ErrorCodes,
  RenameParams,
  WorkspaceEdit,
  FormattingOptions,
  LSPErrorCodes,
  MessageType,
  Range,
  ResponseError,
  ShowMessageNotification,
  TextEdit,
} from 'vscode-languageserver';
import { completionItemDocument, fixAllKind, PearlDocument } from '../service/pearlLanguageService';
import { boundaryWhere, describeParamsProblem, onDocument, ServerContext } from './serverContext';

/**
 * The requests that propose changes: completion, rename, code actions (quick fixes, and fix-all
 * only when asked for), formatting. Each answers empty when the document is not open or on an
 * internal error; an invalid new name or a declined formatting says why.
 */
export function registerEditingHandlers(context: ServerContext): void {
  const { connection, service, cache, client } = context;
  const emptyList: CompletionList = { isIncomplete: false, items: [] };
  connection.onCompletion(
    onDocument(
      context,
      'completion',
      emptyList,
      (doc, params, textDocument) => {
        if (context.walks.isWalksFile(textDocument.uri)) {
          const walks = context.walks.pearlForFeatures(textDocument);
          return walks ? service.doWalksComplete(walks.walksDoc, walks.pearl, params.position) : emptyList;
        }
        return service.doComplete(doc, params.position, {
          capabilities: client.completion,
          triggerCharacter: params.context?.triggerCharacter,
        });
      },
      emptyList,
      ['position'],
    ),
  );
  // The detail a nodeId list left out (completion.ts, completeNodeIds), for the item the editor shows.
  connection.onCompletionResolve((item) => {
    const uri = completionItemDocument(item);
    const textDocument = uri === undefined ? undefined : context.documents.get(uri);
    if (!textDocument) return item;
    return context.boundary.guard(boundaryWhere('completion resolve', textDocument.uri), item, () =>
      service.resolveCompletionItem(cache.get(textDocument), item),
    );
  });
  connection.onPrepareRename(
    onDocument(context, 'prepare rename', null, (doc, params) => service.prepareRename(doc, params.position), null, ['position']),
  );
  connection.onRenameRequest((params) => renameWithWalks(context, params));
  connection.onCodeAction(
    onDocument(
      context,
      'code actions',
      [],
      (doc, params, textDocument): CodeAction[] => {
        const { only } = params.context;
        const wantsQuickFixes = !only || requestsKind(only, CodeActionKind.QuickFix);
        if (context.walks.isWalksFile(textDocument.uri)) {
          const walks = wantsQuickFixes ? context.walks.pearlForFeatures(textDocument) : undefined;
          return walks ? service.getWalksCodeActions(walks.walksDoc, walks.pearl, params.context.diagnostics) : [];
        }
        const actions = wantsQuickFixes ? service.getCodeActions(doc, params.range, params.context.diagnostics) : [];
        // Fix-all only when asked for (on save, "Fix All", the source action menu), never in the light bulb.
        const fixAll =
          only && requestsKind(only, fixAllKind) ? service.getFixAllAction(doc, cache.getDiagnostics(textDocument)) : undefined;
        return fixAll ? [...actions, fixAll] : actions;
      },
      [],
      ['range', 'context'],
    ),
  );
  // A declined formatting (the answer would be too large) says why instead of doing nothing.
  const formatOrDecline = (doc: PearlDocument, range: Range | undefined, options: FormattingOptions): TextEdit[] => {
    const problem = service.getFormattingError(doc, range, options);
    if (problem) {
      // A notification, not a request: nothing waits for the user to dismiss it.
      void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: problem });
      return [];
    }
    return service.format(doc, range, options);
  };
  connection.onDocumentFormatting(
    onDocument(context, 'formatting', [], (doc, params) => formatOrDecline(doc, undefined, params.options), [], ['options']),
  );
  connection.onDocumentRangeFormatting(
    onDocument(
      context,
      'range formatting',
      [],
      (doc, params) => formatOrDecline(doc, params.range, params.options),
      [],
      ['range', 'options'],
    ),
  );
}

/** Whether `only` (a code action request's kinds) asks for `kind`: the kind itself or a parent (`source`, `source.fixAll`). */
function requestsKind(only: readonly string[], kind: string): boolean {
  return only.some((requested) => kind === requested || kind.startsWith(`${requested}.`));
}

/**
 * `textDocument/rename`: refuses malformed params (InvalidParams) and an invalid new name
 * (RequestFailed, with the reason); a node id or transition rename in a Pearl also edits the
 * workspace's walks files naming it, read first (docs/user/walks.md § In the editor), and is refused
 * (ContentModified) when the Pearl changed meanwhile. Null when the document is not open or on an
 * internal error (logged).
 */
async function renameWithWalks(context: ServerContext, params: RenameParams): Promise<WorkspaceEdit | ResponseError | null> {
  const { service, cache } = context;
  const problem = describeParamsProblem('rename', params, ['position', 'newName']);
  if (problem !== undefined) return new ResponseError(ErrorCodes.InvalidParams, problem);
  const textDocument = context.documents.get(params.textDocument.uri);
  if (!textDocument) return null;
  try {
    const doc = cache.get(textDocument);
    // An invalid name is the user's to fix: answer with the reason rather than an empty edit.
    const refusal = service.getRenameError(doc, params.position, params.newName);
    if (refusal) return new ResponseError(LSPErrorCodes.RequestFailed, refusal);
    if (!service.prepareRename(doc, params.position)) return null;
    // Walks files are tests of the Pearl: a rename edits those that name it too (docs/user/walks.md § In the editor).
    const walksFiles = context.walks.isWalksFile(textDocument.uri) ? [] : await context.walks.walksFilesOf(textDocument.uri);
    if (context.documents.get(textDocument.uri)?.version !== textDocument.version) {
      return new ResponseError(LSPErrorCodes.ContentModified, 'The file changed while the rename was being prepared. Try again.');
    }
    return service.doRename(doc, params.position, params.newName, walksFiles);
  } catch (error) {
    context.boundary.reportInternalError(boundaryWhere('rename', textDocument.uri), error);
    return null;
  }
}
