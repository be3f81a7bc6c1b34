// Writes docs/rules.md and the README's diagnostics table from the registry of diagnostic codes
// (server/src/service/rules/diagnosticCodes.ts, gathered from the rule modules' metadata and
// examples; compiled by `tsc -b` into out/).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { renderRulesDocument, withReadmeTable } = require('../out/server/src/docs/rulesDocument.js');

writeFileSync(new URL('../docs/rules.md', import.meta.url), renderRulesDocument());
const readmeUrl = new URL('../README.md', import.meta.url);
writeFileSync(readmeUrl, withReadmeTable(readFileSync(readmeUrl, 'utf8')));
console.log('Wrote docs/rules.md and the diagnostics table of README.md.');
