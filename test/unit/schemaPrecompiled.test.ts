// The precompiled schema validators (scripts/compileSchemas.mjs, standalone ajv code bundled with the
// server) are the schemas: the generated module is what the script makes of today's schemas, and
// it reports the same errors as ajv compiling the schemas at run time, on every example and
// template, clean or broken.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'jsonc-parser';
import type { ErrorObject, ValidateFunction } from 'ajv';
import * as generated from '../../server/src/service/generated/schemaValidators';
import { repositoryRoot } from '../helpers/lspClient';

const precompiled = generated as unknown as Record<'text' | 'simple', ValidateFunction>;

/** Every `*.pearl.json` of examples/ (broken ones included) and templates/, relative to the root. */
function sampleFiles(): string[] {
  const files: string[] = [];
  for (const folder of ['examples', 'examples/broken', 'templates']) {
    for (const name of fs.readdirSync(path.join(repositoryRoot, folder))) {
      if (name.endsWith('.pearl.json')) files.push(`${folder}/${name}`);
    }
  }
  return files;
}

/** What a user would see of an error: where, which keyword, with which parameters. */
function describe(errors: readonly ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((error) => `${error.instancePath} ${error.keyword} ${JSON.stringify(error.params)} ${error.schemaPath}`);
}

/** Runs the build script's own ajv (schemas compiled at run time) in a child: it is an ES module. */
function runScript(source: string): string {
  const script = `import * as compiler from ${JSON.stringify(path.join(repositoryRoot, 'scripts', 'compileSchemas.mjs'))};\n${source}`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout;
}

test('the generated validator module is what scripts/compileSchemas.mjs makes of the schemas today', () => {
  const expected = runScript('process.stdout.write(compiler.compileSchemaValidators());');
  const actual = fs.readFileSync(path.join(repositoryRoot, 'server', 'src', 'service', 'generated', 'schemaValidators.ts'), 'utf8');
  assert.ok(expected === actual, 'server/src/service/generated/schemaValidators.ts is stale: run `npm run build`');
});

test('precompiled and run-time compiled validators report the same errors on every example and template', () => {
  const files = sampleFiles();
  const runTime = JSON.parse(
    runScript(`
      import { readFileSync } from 'node:fs';
      import { parse } from 'jsonc-parser';
      const ajv = compiler.createSchemaAjv();
      const result = {};
      for (const file of ${JSON.stringify(files)}) {
        const value = parse(readFileSync(${JSON.stringify(repositoryRoot)} + '/' + file, 'utf8'), [], { allowTrailingComma: true });
        for (const kind of ['text', 'simple']) {
          const validate = ajv.getSchema(kind);
          validate(value);
          result[file + ' ' + kind] = (validate.errors ?? []).map((error) => \`\${error.instancePath} \${error.keyword} \${JSON.stringify(error.params)} \${error.schemaPath}\`);
        }
      }
      process.stdout.write(JSON.stringify(result));
    `),
  ) as Record<string, string[]>;
  let errorsSeen = 0;
  for (const file of files) {
    const value: unknown = parse(fs.readFileSync(path.join(repositoryRoot, file), 'utf8'), [], { allowTrailingComma: true });
    for (const kind of ['text', 'simple'] as const) {
      precompiled[kind](value);
      const errors = describe(precompiled[kind].errors);
      errorsSeen += errors.length;
      assert.deepEqual(errors, runTime[`${file} ${kind}`], `${file} as ${kind}`);
    }
  }
  // The comparison covers failing validations too, not only clean ones.
  assert.ok(errorsSeen > 20, `only ${errorsSeen} errors compared`);
});

test('no keyword of the Pearl schemas judges a value by another: schema errors outlive an edit inside a string', () => {
  // schemaSupport.ts keeps a parse's errors across an edit inside a string that only `type`
  // constrains. That holds while each value is judged by its own keywords, found as
  // findSchemaForPath finds them (properties, additionalProperties, items as one schema).
  const crossValue = ['if', 'then', 'else', 'oneOf', 'anyOf', 'allOf', 'not', 'uniqueItems', 'contains', 'dependencies'];
  crossValue.push('dependentSchemas', 'dependentRequired', 'patternProperties', 'propertyNames', 'prefixItems', 'additionalItems', '$data');
  for (const file of ['text-pearl.schema.json', 'simple-pearl.schema.json']) {
    const found: string[] = [];
    const visit = (schema: unknown, at: string): void => {
      if (Array.isArray(schema)) return schema.forEach((element, index) => visit(element, `${at}/${index}`));
      if (typeof schema !== 'object' || schema === null) return;
      for (const [key, value] of Object.entries(schema)) {
        if (crossValue.includes(key) || (key === 'items' && Array.isArray(value))) {
          found.push(`${at}/${key}`);
        }
        visit(value, `${at}/${key}`);
      }
    };
    visit(JSON.parse(fs.readFileSync(path.join(repositoryRoot, 'schemas', file), 'utf8')), '#');
    assert.deepEqual(found, [], file);
  }
});
