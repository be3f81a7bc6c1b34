import { ErrorCodes, LSPErrorCodes, ResponseError } from 'vscode-languageserver';
import { prepareSaveWalkRequest, saveWalkRequest, type WalkParams } from '#protocol/pearlRequests';
import {
  describePearlReadError,
  type PearlDocument,
  type SaveWalkOutcome,
  walksFileOf,
  type WalksFileText,
} from '../service/pearlLanguageService';
import { boundaryWhere, describeParamsProblem, type ParamName, type ServerContext } from './serverContext';

/** The message of a "Save as walk" that failed on an internal error (a bug), for the user. */
const saveWalkFailure = 'The walk could not be saved because of an internal error of the Pearl language server.';

/**
 * "Save as walk" (protocol/pearlRequests.ts, docs/user/walks.md § Walk a conversation):
 * `pearl/prepareSaveWalk` and `pearl/saveWalk`. The walks file beside the Pearl is read as the
 * editor has it (open) or from disk (the walks module, server/src/walks/), then the language
 * service plans: a refusal is answered as `RequestFailed` with its sentence for the user, the
 * edit as a `WorkspaceEdit` the client applies. Null when the Pearl is not open.
 */
export function registerWalkSaveHandlers(context: ServerContext): void {
  const { connection, service } = context;
  connection.onRequest(
    prepareSaveWalkRequest,
    onSaveWalk(context, 'prepare save walk', ['walk'], (doc, params: WalkParams, walksFile) =>
      service.prepareSaveWalk(doc, params.walk, walksFile),
    ),
  );
  connection.onRequest(
    saveWalkRequest,
    onSaveWalk(context, 'save walk', ['walk', 'name'], (doc, params, walksFile) =>
      service.planSaveWalk(doc, params.walk, params.name, walksFile),
    ),
  );
}

/**
 * A "Save as walk" handler: checks the params, finds the open Pearl and its walks file, reads the
 * walks file, then answers `plan` on the Pearl as it is once the file is read.
 */
function onSaveWalk<P extends WalkParams, R>(
  context: ServerContext,
  what: string,
  required: readonly ParamName[],
  plan: (doc: PearlDocument, params: P, walksFile: WalksFileText) => SaveWalkOutcome<R>,
): (params: P) => Promise<R | null | ResponseError<void>> {
  return async (params) => {
    const problem = describeParamsProblem(what, params, required);
    if (problem !== undefined) return new ResponseError(ErrorCodes.InvalidParams, problem);
    const uri = params.textDocument.uri;
    if (!context.documents.get(uri)) return null;
    try {
      const place = walksFileOf(uri);
      if ('refusal' in place) return new ResponseError(LSPErrorCodes.RequestFailed, place.refusal);
      let walksFile: WalksFileText;
      try {
        walksFile = await context.walks.walksFileText(place.result);
      } catch (error) {
        return new ResponseError(
          LSPErrorCodes.RequestFailed,
          `${fileNameOf(place.result)} cannot be read: ${describePearlReadError(error)}.`,
        );
      }
      // The Pearl may have changed or closed while the walks file was read: plan on it as it is now.
      const current = context.documents.get(uri);
      if (!current) return null;
      const outcome = plan(context.cache.get(current), params, walksFile);
      // A refusal is the user's to understand: answer with the reason.
      return 'refusal' in outcome ? new ResponseError(LSPErrorCodes.RequestFailed, outcome.refusal) : outcome.result;
    } catch (error) {
      context.boundary.reportInternalError(boundaryWhere(what, uri), error);
      return new ResponseError(LSPErrorCodes.RequestFailed, saveWalkFailure);
    }
  };
}

/** The file name at the end of `uri`, decoded where it can be. */
function fileNameOf(uri: string): string {
  const name = uri.slice(uri.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
