import { ErrorCodes, LSPErrorCodes, ResponseError } from 'vscode-languageserver';
import {
  deployPayloadRequest,
  graphEditRequest,
  graphRequest,
  pearlKindRequest,
  locateFieldsRequest,
  nodeSettingFieldsRequest,
  walkCoverageRequest,
  walkRequest,
} from '#protocol/pearlRequests';
import { graphEditRenamesInWalks } from '../service/pearlLanguageService';
import { boundaryWhere, describeParamsProblem, onDocument, ServerContext } from './serverContext';
import { registerWalkSaveHandlers } from './walkSaveHandlers';

/** The message of a graph edit that failed on an internal error (a bug), for the user. */
const graphEditFailure = 'The graph could not be changed because of an internal error of the Pearl language server.';

/**
 * The Pearl requests (protocol/pearlRequests.ts): `pearl/kind`, `pearl/graph`, `pearl/deployPayload`,
 * `pearl/locateFields`, `pearl/graphEdit`, `pearl/nodeSettingFields`, `pearl/walk`, `pearl/walkCoverage`, and "Save as walk" (walkSaveHandlers.ts); each answers null when the document is not open. The
 * graph shows the diagnostics of the current version as published (under the user's rules); the
 * deploy payload reads them at their default severities (it refuses what the service would reject
 * whatever the configuration says).
 */
export function registerPearlRequestHandlers(context: ServerContext): void {
  const { connection, service, cache } = context;
  connection.onRequest(
    graphRequest,
    // The graph's badges are the Problems view's (the user's rules applied); Deploy's are the default severities.
    onDocument(context, 'graph', null, (doc, _params, textDocument) => service.getGraph(doc, context.configureDiagnostics(textDocument))),
  );
  connection.onRequest(
    pearlKindRequest,
    onDocument(context, 'kind', null, (doc) => doc.kind),
  );
  connection.onRequest(
    nodeSettingFieldsRequest,
    onDocument(context, 'node setting fields', null, (doc, params) => service.getNodeSettingForm(doc, params.node) ?? null, null, ['node']),
  );
  connection.onRequest(
    deployPayloadRequest,
    onDocument(context, 'deploy payload', null, (doc, _params, textDocument) =>
      service.getDeployPayload(doc, cache.getDiagnostics(textDocument)),
    ),
  );
  connection.onRequest(
    walkRequest,
    onDocument(context, 'walk', null, (doc, params) => service.walk(doc, params.walk)),
  );
  connection.onRequest(walkCoverageRequest, async (params) => {
    const textDocument = context.documents.get(params.textDocument.uri);
    if (!textDocument) return null;
    try {
      return await context.walks.coverage(cache.get(textDocument));
    } catch (error) {
      context.boundary.reportInternalError(boundaryWhere('walk coverage', textDocument.uri), error);
      return { covered: [], walks: [] };
    }
  });
  connection.onRequest(
    locateFieldsRequest,
    onDocument(
      context,
      'locate fields',
      null,
      (doc, params) => params.keys.map((key) => ({ key, ...service.locateFieldPath(doc, key) })),
      null,
      ['keys'],
    ),
  );
  connection.onRequest(graphEditRequest, async (params) => {
    const problem = describeParamsProblem('graph edit', params, ['version', 'edit']);
    if (problem !== undefined) return new ResponseError(ErrorCodes.InvalidParams, problem);
    const textDocument = context.documents.get(params.textDocument.uri);
    if (!textDocument) return null;
    try {
      // A rename the walks files follow reads them first (docs/user/walks.md § In the editor); the planner then
      // refuses an edit made on a version that has moved on meanwhile.
      const walksFiles = graphEditRenamesInWalks(params.edit) ? await context.walks.walksFilesOf(textDocument.uri) : [];
      const current = context.documents.get(textDocument.uri);
      if (!current) return null;
      const outcome = service.doGraphEdit(cache.get(current), params.version, params.edit, walksFiles);
      // A refused edit is the user's to understand: answer with the reason.
      return 'refusal' in outcome ? new ResponseError(LSPErrorCodes.RequestFailed, outcome.refusal) : outcome.result;
    } catch (error) {
      context.boundary.reportInternalError(boundaryWhere('graph edit', textDocument.uri), error);
      return new ResponseError(LSPErrorCodes.RequestFailed, graphEditFailure);
    }
  });
  registerWalkSaveHandlers(context);
}
