import { CompletionList, Diagnostic, Position } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { DeployPayload, PearlGraph } from '../protocol';
import { doComplete } from './completion';
import { getDeployPayload } from './deployPayload';
import { FieldLocation, getFieldPath, locateFieldPath } from './fieldPaths';
import { getPearlGraph } from './pearlGraph';
import { validateFieldRules } from './fieldRules';
import { validateGraph } from './graphRules';
import { parsePearlDocument, PearlDocument } from './pearlDocument';
import { validateSchema } from './schemaValidation';
import { validateSyntax } from './syntaxValidation';
import { validateVariables } from './variableRules';

export type { PearlDocument } from './pearlDocument';
export { DiagnosticCode } from './diagnosticCodes';

/** Host settings for the language service. Empty today; host I/O would be injected here. */
export interface LanguageServiceParams {}

/**
 * The transport-free Pearl language service (STYLE.md): the LSP server, the CLI linter, the tests
 * and the benchmark all call it. Parse once with {@link PearlLanguageService.parsePearlDocument}
 * and pass the result to every feature; the caller decides how to cache it.
 */
export interface PearlLanguageService {
  /** Parses a document into the Pearl model with ranges. Never throws. */
  parsePearlDocument(textDocument: TextDocument): PearlDocument;
  /**
   * Every diagnostic of the document: syntax, schema (structure, types, enumerations, limits),
   * field rules, graph rules and variable references. Each has a stable `code` and
   * `source: "pearl"`. Never throws; linear in the size of the document.
   */
  doValidation(doc: PearlDocument): Diagnostic[];
  /**
   * Completion at `position`: `{variable}` references in (V) fields, node ids in `toNodeId`,
   * property names and enumeration values from the schemas. Never throws.
   */
  doComplete(doc: PearlDocument, position: Position): CompletionList;
  /** The conversation graph for the preview, each node with the `diagnostics` inside it. */
  getGraph(doc: PearlDocument, diagnostics: readonly Diagnostic[]): PearlGraph;
  /** What a deploy sends: operation path, strict JSON body without `$schema`, summary, errors. */
  getDeployPayload(doc: PearlDocument, diagnostics: readonly Diagnostic[]): DeployPayload;
  /** Where a ValidationProblemDetails `errors` key (`pearl.nodes[2].name`, any case) lands. */
  locateFieldPath(doc: PearlDocument, key: string): FieldLocation;
  /** The ASP.NET-style field path of the value at `offset` (`pearl.nodes[2].name`; `$` for the root). */
  getFieldPath(doc: PearlDocument, offset: number): string;
}

const validators: ReadonlyArray<(doc: PearlDocument) => Diagnostic[]> = [
  validateSyntax,
  validateSchema,
  validateFieldRules,
  validateGraph,
  validateVariables,
];

/** Creates the Pearl language service. */
export function getLanguageService(params: LanguageServiceParams = {}): PearlLanguageService {
  void params;
  return {
    parsePearlDocument,
    doValidation(doc) {
      const diagnostics: Diagnostic[] = [];
      for (const validate of validators) {
        // One rule's bug must not hide the others' diagnostics nor take the host down.
        try {
          diagnostics.push(...validate(doc));
        } catch (error) {
          reportInternalError(validate.name, error);
        }
      }
      return diagnostics;
    },
    getGraph: getPearlGraph,
    getDeployPayload,
    locateFieldPath,
    getFieldPath,
    doComplete(doc, position) {
      try {
        return doComplete(doc, position);
      } catch (error) {
        reportInternalError('doComplete', error);
        return { isIncomplete: false, items: [] };
      }
    },
  };
}

function reportInternalError(where: string, error: unknown): void {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  // stderr: the LSP server's stdout is the protocol stream.
  process.stderr.write(`pearl: internal error in ${where}: ${detail}\n`);
}
