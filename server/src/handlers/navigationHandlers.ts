import { ErrorCodes, ResponseError } from 'vscode-languageserver/node';
import { boundaryWhere, onDocument, ServerContext } from './serverContext';

/**
 * The requests that read a document without changing it: hover, document symbols, definition,
 * references, highlights, folding and selection ranges, document links, inlay hints, and workspace
 * symbols. Each answers empty (null or `[]`) when the document is not open or on an internal error.
 */
export function registerNavigationHandlers(context: ServerContext): void {
  const { connection, service, documents, cache, client } = context;
  connection.onHover(
    onDocument(
      context,
      'hover',
      null,
      (doc, params, textDocument) => {
        if (!context.walks.isWalksFile(textDocument.uri)) return service.doHover(doc, params.position);
        const walks = context.walks.pearlForFeatures(textDocument);
        return walks ? service.doWalksHover(walks.walksDoc, walks.pearl, params.position) : null;
      },
      null,
      ['position'],
    ),
  );
  connection.onDocumentSymbol(
    onDocument(context, 'document symbols', [], (doc) => service.findDocumentSymbols(doc, { resultLimit: client.maxItemsComputed })),
  );
  connection.onDefinition(
    onDocument(context, 'definition', null, (doc, params) => service.findDefinition(doc, params.position), null, ['position']),
  );
  connection.onReferences(
    onDocument(
      context,
      'references',
      [],
      (doc, params) => service.findReferences(doc, params.position, params.context.includeDeclaration),
      [],
      ['position', 'context'],
    ),
  );
  connection.onDocumentHighlight(
    onDocument(context, 'highlights', [], (doc, params) => service.findDocumentHighlights(doc, params.position), [], ['position']),
  );
  // The client's own limit (VS Code asks for 5,000 ranges at most), within the setting's.
  connection.onFoldingRanges(
    onDocument(context, 'folding ranges', [], (doc) =>
      service.getFoldingRanges(doc, {
        ...client.folding,
        rangeLimit: Math.min(client.folding.rangeLimit ?? Number.POSITIVE_INFINITY, client.maxItemsComputed),
      }),
    ),
  );
  connection.onSelectionRanges(
    onDocument(context, 'selection ranges', [], (doc, params) => service.getSelectionRanges(doc, params.positions), [], ['positions']),
  );
  connection.onDocumentLinks(onDocument(context, 'document links', [], (doc) => service.findDocumentLinks(doc)));
  connection.languages.inlayHint.on(
    onDocument(context, 'inlay hints', [], (doc, params) => service.getInlayHints(doc, params.range), [], ['range']),
  );
  connection.onWorkspaceSymbol((params) =>
    typeof (params as { query?: unknown }).query !== 'string'
      ? new ResponseError(ErrorCodes.InvalidParams, 'The workspace symbols request needs params with query (a string).')
      : context.boundary.guard(boundaryWhere('workspace symbols', 'workspace'), Promise.resolve([]), () =>
          service.findWorkspaceSymbols(
            params.query,
            documents.all().map((document) => cache.get(document)),
          ),
        ),
  );
}
