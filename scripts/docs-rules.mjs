// Writes docs/rules.md from the registry of diagnostic codes (server/src/service/rules/diagnosticCodes.ts,
// gathered from the rule modules' metadata and examples; compiled by `tsc -b` into out/).
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { renderRulesDocument } = require('../out/server/src/docs/rulesDocument.js');

writeFileSync(new URL('../docs/rules.md', import.meta.url), renderRulesDocument());
console.log('Wrote docs/rules.md.');
