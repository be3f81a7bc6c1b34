// Keeps schemas/ ready for plain JSON tools and the SchemaStore catalog, from the two hand-written
// schemas (text-pearl.schema.json, simple-pearl.schema.json):
// - every schema's `$id` is <base>/<file name>, the base derived from package.json `repository`
//   (the one place to change: the raw files of its `main` branch);
// - every enumeration with `enumNames` gets `markdownEnumDescriptions` (aligned with `enum`,
//   null included), which VS Code shows for plain JSON files;
// - schemas/pearl.schema.json applies the text or the simple schema by content, as the language
//   service decides the kind (a `$schema` naming one of them, else `pearl.nodes` means text and
//   openingSentence, flowScript or agents simple, else text).
// Usage: node scripts/schemas.mjs          rewrites the files
//        node scripts/schemas.mjs --check  exits 1 when a file is not what this script would write
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const repository = /github\.com[/:]([^/]+)\/([^/.]+)/.exec(manifest.repository?.url ?? '');
if (!repository) throw new Error('package.json repository.url does not name a GitHub repository');
/** Where the schemas are published: the raw files of the repository's main branch. */
export const schemaBaseUrl = `https://raw.githubusercontent.com/${repository[1]}/${repository[2]}/main/schemas/`;

const kinds = ['text-pearl.schema.json', 'simple-pearl.schema.json'];

function withMarkdownEnumDescriptions(schema) {
  if (Array.isArray(schema)) return schema.map(withMarkdownEnumDescriptions);
  if (typeof schema !== 'object' || schema === null) return schema;
  const result = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'markdownEnumDescriptions') continue;
    result[key] = withMarkdownEnumDescriptions(value);
    if (key === 'enumDescriptions' || (key === 'enumNames' && !schema.enumDescriptions)) {
      result.markdownEnumDescriptions = markdownEnumDescriptions(schema);
    }
  }
  return result;
}

/** `**Name**: description` for each non-null value, in `enum` order; `Not set` for null. */
function markdownEnumDescriptions(schema) {
  let index = 0;
  return schema.enum.map((value) => {
    if (value === null) return 'Not set (`null`).';
    const name = schema.enumNames?.[index];
    const description = schema.enumDescriptions?.[index];
    index++;
    return [name && `**${name}**`, description].filter(Boolean).join(': ');
  });
}

function combinedSchema() {
  // Valid in ajv strict mode: every `required` name is also declared in the same schema's properties.
  const has = (name, schema = true) => ({ type: 'object', required: [name], properties: { [name]: schema } });
  const kindPattern = (file) => has('$schema', { type: 'string', pattern: `${file.replace(/\./g, '\\.')}$` });
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: `${schemaBaseUrl}pearl.schema.json`,
    title: 'Pearl create request',
    description:
      'Body of POST /v2/Pearl/Text (a text Pearl, with pearl.nodes) or POST /v2/Pearl (a simple voice Pearl, with pearl.openingSentence and pearl.flowScript). A $schema naming text-pearl.schema.json or simple-pearl.schema.json decides; otherwise pearl.openingSentence, pearl.flowScript or pearl.agents without pearl.nodes mean simple, and anything else is checked as text.',
    if: {
      anyOf: [
        kindPattern('simple-pearl.schema.json'),
        {
          allOf: [
            { not: kindPattern('text-pearl.schema.json') },
            has('pearl', {
              type: 'object',
              not: has('nodes'),
              anyOf: [has('openingSentence'), has('flowScript'), has('agents')],
            }),
          ],
        },
      ],
    },
    then: { $ref: 'simple-pearl.schema.json' },
    else: { $ref: 'text-pearl.schema.json' },
  };
}

const expected = new Map();
for (const file of kinds) {
  const schema = JSON.parse(readFileSync(join(root, 'schemas', file), 'utf8'));
  const { $schema, $id: _id, ...rest } = schema;
  expected.set(file, withMarkdownEnumDescriptions({ $schema, $id: `${schemaBaseUrl}${file}`, ...rest }));
}
expected.set('pearl.schema.json', combinedSchema());

const check = process.argv.includes('--check');
let stale = 0;
for (const [file, schema] of expected) {
  const path = join(root, 'schemas', file);
  const text = `${JSON.stringify(schema, null, 2)}\n`;
  let current = '';
  try {
    current = readFileSync(path, 'utf8');
  } catch {
    // A missing file is stale.
  }
  if (current === text) continue;
  stale++;
  if (check) process.stderr.write(`schemas: ${file} is not up to date; run node scripts/schemas.mjs\n`);
  else writeFileSync(path, text);
}
if (check && stale > 0) process.exit(1);
