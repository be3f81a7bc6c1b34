// What `npm test` runs asserts outcomes, never durations (issue 31): no elapsed time measured in a
// test, and no fixed sleep in a unit or property test (a wait is for an event, a condition through
// waitFor, or a fake clock). Timing belongs to the benches (docs/dev/performance.md).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repositoryRoot } from '../helpers/paths';

/** The TypeScript files under `dir` (relative to the repository), recursively. */
function sources(dir: string): string[] {
  const root = path.join(repositoryRoot, dir);
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.join(dir, file));
}

/** The lines of `files` that match `pattern`, as `file:line: text`. */
function matches(files: readonly string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    fs
      .readFileSync(path.join(repositoryRoot, file), 'utf8')
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  );
}

const npmTestDirs = ['test/unit', 'test/cli', 'test/protocol', 'test/property', 'test/editors'];

test('no test that npm test runs measures elapsed time', () => {
  const files = npmTestDirs.flatMap(sources);
  assert.deepEqual(matches(files, /(Date|performance)\.now\(\)\s*-\s*\w|receivedAfterMs\s*[<>]|elapsed\s*[<>]=?\s*\d/), []);
});

test('no unit or property test sleeps for a fixed time', () => {
  const files = ['test/unit', 'test/property'].flatMap(sources);
  assert.deepEqual(matches(files, /await (delay|sleep)\(|setTimeout\(\s*(r|resolve)\s*,\s*[1-9]/), []);
});
