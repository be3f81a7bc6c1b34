/**
 * The schema-only floor of `pearl-lint <folder>` (`npm run bench:cli`'s `schema loop` contender),
 * run as its own process: `node out/bench/schemaLoop.js <folder>` finds every `*.pearl.json` under
 * the folder, then reads each, `JSON.parse`s it and runs the product's precompiled schema validator
 * on it (server/src/service/generated/schemaValidators.ts, written by scripts/compileSchemas.mjs),
 * one file after another. It prints the number of files and how many the schema rejects. No
 * positions, no rules, no report: what any checker of these files has to do at least.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { simple, text } from '../server/src/service/generated/schemaValidators';

/** The Pearl files under `folder`, as pearl-lint finds them (sorted, dot-folders and `node_modules` left out). */
function findFiles(folder: string): string[] {
  const files: string[] = [];
  const visit = (at: string): void => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.isFile() && entry.name.endsWith('.pearl.json')) files.push(full);
    }
  };
  visit(folder);
  return files.sort();
}

function main(): void {
  const folder = process.argv[2];
  if (folder === undefined) throw new Error('usage: node out/bench/schemaLoop.js <folder>');
  let rejected = 0;
  const files = findFiles(path.resolve(folder));
  for (const file of files) {
    const value: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    // Text unless `$schema` names the simple schema (the product also looks at the content).
    const schema = (value as { $schema?: unknown } | null)?.$schema;
    const validate = typeof schema === 'string' && schema.endsWith('simple-pearl.schema.json') ? simple : text;
    if (!(validate as (data: unknown) => boolean)(value)) rejected++;
  }
  process.stdout.write(`${files.length} files, ${rejected} rejected by the schema\n`);
}

main();
