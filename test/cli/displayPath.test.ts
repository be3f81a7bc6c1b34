// The paths pearl-lint shows for the files a folder stands for: path.relative's answer, made cheaper.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { findPearlFiles, relativeTo } from '../../server/src/cli/findPearlFiles';

test('a shown path is what path.relative gives from the working folder, or the path itself for that folder', () => {
  const root = path.resolve('/tmp');
  const cwds = [root, path.join(root, 'work'), `${path.join(root, 'work')}${path.sep}`, path.parse(root).root, path.join(root, 'wo')];
  const files = [
    path.join(root, 'work', 'a.pearl.json'),
    path.join(root, 'work', 'deep', 'b.pearl.json'),
    path.join(root, 'workshop', 'c.pearl.json'),
    path.join(root, 'other', 'd.pearl.json'),
    path.join(root, 'work'),
    path.parse(root).root,
  ];
  for (const cwd of cwds) {
    for (const file of files) assert.equal(relativeTo(cwd, file), path.relative(cwd, file) || file, `${cwd} ${file}`);
  }
});

test('the files of a folder argument are shown relative to the working folder, sorted, from inside and outside it', async () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pearl-display-'));
  try {
    for (const file of ['b/z.pearl.json', 'a/y.walks.json', 'a/x.pearl.json', 'c.pearl.json']) {
      fs.mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
      fs.writeFileSync(path.join(work, file), '{}');
    }
    const shown = async (given: string, cwd: string): Promise<string[]> =>
      (await findPearlFiles([given], cwd)).targets.map((target) => target.displayPath);
    assert.deepEqual(await shown('.', work), ['a/x.pearl.json', 'a/y.walks.json', 'b/z.pearl.json', 'c.pearl.json'].map(path.normalize));
    assert.deepEqual(await shown('../a', path.join(work, 'b')), ['../a/x.pearl.json', '../a/y.walks.json'].map(path.normalize));
    assert.deepEqual(await shown(work, os.tmpdir()), [
      path.join(work, 'a', 'x.pearl.json'),
      path.join(work, 'a', 'y.walks.json'),
      path.join(work, 'b', 'z.pearl.json'),
      path.join(work, 'c.pearl.json'),
    ]);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});
