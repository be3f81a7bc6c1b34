import {
  CodeAction,
  CodeActionKind,
  CompletionList,
  FormattingOptions,
  LSPErrorCodes,
  MessageType,
  Range,
  ResponseError,
  ShowMessageNotification,
  TextEdit,
} from 'vscode-languageserver/node';
import { fixAllKind, PearlDocument } from '../service/pearlLanguageService';
import { onDocument, ServerContext } from './serverContext';

/**
 * The requests that propose changes: completion, rename, code actions (quick fixes, and fix-all
 * only when asked for), formatting. Each answers empty when the document is not open or on an
 * internal error; an invalid new name or a declined formatting says why.
 */
export function registerEditingHandlers(context: ServerContext): void {
  const { connection, service, cache, client } = context;
  const emptyList: CompletionList = { isIncomplete: false, items: [] };
  connection.onCompletion(
    onDocument(context, 'completion', emptyList, (doc, params, textDocument) => {
      if (context.walks.isWalksFile(textDocument.uri)) {
        const walks = context.walks.pearlForFeatures(textDocument);
        return walks ? service.doWalksComplete(walks.walksDoc, walks.pearl, params.position) : emptyList;
      }
      return service.doComplete(doc, params.position, {
        capabilities: client.completion,
        triggerCharacter: params.context?.triggerCharacter,
      });
    }),
  );
  connection.onPrepareRename(onDocument(context, 'prepare rename', null, (doc, params) => service.prepareRename(doc, params.position)));
  connection.onRenameRequest(
    onDocument(context, 'rename', null, (doc, params) => {
      // An invalid name is the user's to fix: answer with the reason rather than an empty edit.
      const problem = service.getRenameError(doc, params.position, params.newName);
      if (problem) return new ResponseError(LSPErrorCodes.RequestFailed, problem);
      return service.doRename(doc, params.position, params.newName);
    }),
  );
  connection.onCodeAction(
    onDocument(context, 'code actions', [], (doc, params, textDocument): CodeAction[] => {
      const { only } = params.context;
      const wantsQuickFixes = !only || requestsKind(only, CodeActionKind.QuickFix);
      const actions = wantsQuickFixes ? service.getCodeActions(doc, params.range, params.context.diagnostics) : [];
      // Fix-all only when asked for (on save, "Fix All", the source action menu), never in the light bulb.
      const fixAll = only && requestsKind(only, fixAllKind) ? service.getFixAllAction(doc, cache.getDiagnostics(textDocument)) : undefined;
      return fixAll ? [...actions, fixAll] : actions;
    }),
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
  connection.onDocumentFormatting(onDocument(context, 'formatting', [], (doc, params) => formatOrDecline(doc, undefined, params.options)));
  connection.onDocumentRangeFormatting(
    onDocument(context, 'range formatting', [], (doc, params) => formatOrDecline(doc, params.range, params.options)),
  );
}

/** Whether `only` (a code action request's kinds) asks for `kind`: the kind itself or a parent (`source`, `source.fixAll`). */
function requestsKind(only: readonly string[], kind: string): boolean {
  return only.some((requested) => kind === requested || kind.startsWith(`${requested}.`));
}
