// `require('pearl-language-tools/service')`: the Pearl language service as a library, for scripts
// and other tools that lint or inspect Pearl files in process. The same service as the language
// server and pearl-lint; bundled to dist/service.js with its types in dist/service.d.ts.
//
//   const { getLanguageService, TextDocument } = require('pearl-language-tools/service');
//   const service = getLanguageService();
//   const doc = service.parsePearlDocument(TextDocument.create('file:///a.pearl.json', 'pearl', 1, text));
//   const diagnostics = service.doValidation(doc); // LSP Diagnostics: range, severity, code, message
export { getLanguageService, DiagnosticCode } from './service/pearlLanguageService';
export type { LanguageServiceParams, PearlDocument, PearlLanguageService } from './service/pearlLanguageService';
export { TextDocument } from 'vscode-languageserver-textdocument';
export type { Diagnostic, DiagnosticSeverity, Position, Range } from 'vscode-languageserver-types';
