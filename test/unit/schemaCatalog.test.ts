// The schemas as plain JSON tools and the SchemaStore catalog use them: absolute `$id`s, the
// combined schema choosing the text or simple schema by content, ajv strict mode, enumeration
// names for VS Code's plain JSON support, and the catalog's positive and negative test files.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv from 'ajv';
import { parse } from 'jsonc-parser';
import { repositoryRoot } from '../helpers/lspClient';

const schemasDir = path.join(repositoryRoot, 'schemas');
const schemaFiles = fs
  .readdirSync(schemasDir)
  .filter((name) => name.endsWith('.schema.json'))
  .sort();
const schemas = schemaFiles.map((name) => JSON.parse(fs.readFileSync(path.join(schemasDir, name), 'utf8')) as Record<string, unknown>);

/**
 * The annotation keywords the schemas use beyond draft-07, declared so that ajv's strict mode
 * accepts them (`ajv.addVocabulary`): enumeration names and descriptions (VS Code's own keywords
 * and this project's), and the language service's `x-` hints.
 */
const customKeywords = [
  'enumNames',
  'enumDescriptions',
  'markdownEnumDescriptions',
  // VS Code's JSON support: a code's entry in pearlrc.schema.json (completion detail, order, hover).
  'markdownDescription',
  'completionDetail',
  'suggestSortText',
  'x-suggestedValues',
  'x-suggestedNames',
  'x-suggestedDescriptions',
  'x-variables',
  'x-format',
];

function strictAjv(): Ajv {
  const ajv = new Ajv({ strict: true, allErrors: true, allowUnionTypes: true });
  ajv.addVocabulary(customKeywords);
  for (const schema of schemas) ajv.addSchema(schema);
  return ajv;
}

function jsonFiles(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => path.join(dir, name));
}

test('schemas/ is what scripts/schemas.mjs makes of it ($ids from package.json, markdownEnumDescriptions, pearl.schema.json)', () => {
  const result = spawnSync(process.execPath, [path.join(repositoryRoot, 'scripts', 'schemas.mjs'), '--check'], { encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
});

test('every schema has an absolute https $id ending in its file name, under the repository of package.json', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8')) as { repository: { url: string } };
  const [, owner, name] = /github\.com\/([^/]+)\/([^/.]+)/.exec(manifest.repository.url)!;
  assert.deepEqual(schemaFiles, [
    'pearl-walks.schema.json',
    'pearl.schema.json',
    'pearlrc.schema.json',
    'simple-pearl.schema.json',
    'text-pearl.schema.json',
  ]);
  schemaFiles.forEach((file, index) => {
    assert.equal(schemas[index].$id, `https://raw.githubusercontent.com/${owner}/${name}/main/schemas/${file}`, file);
  });
});

test('the schemas compile in ajv strict mode with the custom keywords declared', () => {
  const ajv = strictAjv();
  for (const schema of schemas) assert.ok(ajv.getSchema(schema.$id as string), String(schema.$id));
});

test('pearl.schema.json: the examples, the catalog positive tests pass; the negative tests fail', () => {
  const ajv = strictAjv();
  const validate = ajv.getSchema(schemas.find((schema) => String(schema.$id).endsWith('/pearl.schema.json'))!.$id as string)!;
  const examples = jsonFiles(path.join(repositoryRoot, 'examples')).filter((file) => file.endsWith('.pearl.json'));
  const positive = jsonFiles(path.join(schemasDir, 'test', 'positive', 'pearl'));
  assert.ok(examples.length >= 2 && positive.length >= 2);
  for (const file of [...examples, ...positive]) {
    assert.equal(
      validate(parse(fs.readFileSync(file, 'utf8'))),
      true,
      `${path.basename(file)}: ${JSON.stringify(validate.errors?.slice(0, 3))}`,
    );
  }
  const negative = jsonFiles(path.join(schemasDir, 'test', 'negative', 'pearl'));
  assert.ok(negative.length >= 2);
  for (const file of negative) assert.equal(validate(JSON.parse(fs.readFileSync(file, 'utf8'))), false, path.basename(file));
});

test('pearl.schema.json chooses by content and by a $schema naming one of the two', () => {
  const validate = strictAjv().getSchema(String(schemas.find((schema) => String(schema.$id).endsWith('/pearl.schema.json'))!.$id))!;
  // Valid only as a simple Pearl; a text Pearl has no openingSentence.
  const simple = { pearl: { openingSentence: 'Hello', flowScript: 'Help' } };
  assert.equal(validate(simple), true);
  assert.equal(validate({ $schema: './text-pearl.schema.json', ...simple }), false, 'the $schema says text');
  // Valid only as a text Pearl.
  const text = { pearl: { nodes: [] } };
  assert.equal(validate(text), true);
  assert.equal(validate({ $schema: '../schemas/simple-pearl.schema.json', ...text }), false, 'the $schema says simple');
  // Neither nodes nor a simple field: checked as text, as the language service does.
  assert.equal(validate({ pearl: { agentName: 'Ava' } }), true, 'text by default');
  assert.equal(validate({ pearl: { agentName: 'Ava', openingSentence: 'Hi' } }), false, 'simple: agentName is not a simple field');
});

test('every enumeration with names has markdownEnumDescriptions aligned with enum; no description points at a table', () => {
  let enumerations = 0;
  const visit = (node: unknown, where: string): void => {
    if (Array.isArray(node)) return node.forEach((child, index) => visit(child, `${where}/${index}`));
    if (typeof node !== 'object' || node === null) return;
    const schema = node as Record<string, unknown>;
    if (typeof schema.description === 'string') assert.doesNotMatch(schema.description, /\btable\b/i, where);
    if (Array.isArray(schema.enumNames)) {
      enumerations++;
      const values = schema.enum as unknown[];
      const markdown = schema.markdownEnumDescriptions as string[];
      assert.equal(markdown.length, values.length, where);
      values.forEach((value, index) => {
        if (value === null) assert.equal(markdown[index], 'Not set (`null`).');
        else
          assert.match(
            markdown[index],
            new RegExp(`^\\*\\*${(schema.enumNames as string[])[values.slice(0, index).filter((v) => v !== null).length]}\\*\\*`),
            where,
          );
      });
    }
    for (const [key, child] of Object.entries(schema)) visit(child, `${where}/${key}`);
  };
  schemas.forEach((schema, index) => visit(schema, schemaFiles[index]));
  assert.ok(enumerations >= 10);
});
