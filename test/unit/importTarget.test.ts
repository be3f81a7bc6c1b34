import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { type FolderEntry, refuseImportTarget, singlePearlSuffix } from '../../client/src/pearlsView/importTarget';

// A workspace folder beside a folder outside it; links from the one to the other.
let root: string;
let workspace: string;
let outside: string;

before(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'pearl-import-'));
  workspace = path.join(root, 'workspace');
  outside = path.join(root, 'outside');
  fs.mkdirSync(path.join(workspace, 'agents'), { recursive: true });
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, 'real.pearl.json'), '{}');
  fs.writeFileSync(path.join(workspace, 'agents', 'taken.pearl.json'), '{}');
  // Dangling: its target does not exist yet; writing through it would create it outside.
  fs.symlinkSync(path.join(outside, 'created-by-import.pearl.json'), path.join(workspace, 'dangling.pearl.json'));
  fs.symlinkSync(path.join(outside, 'real.pearl.json'), path.join(workspace, 'agents', 'linked.pearl.json'));
  fs.symlinkSync(outside, path.join(workspace, 'linked-folder'), 'dir');
});
after(() => fs.rmSync(root, { recursive: true, force: true }));

/** The folder's entries as VS Code's `workspace.fs.readDirectory` gives them: a link (dangling or not) has the SymbolicLink bit. */
async function readFolder(folder: string): Promise<FolderEntry[]> {
  const entries = await fs.promises.readdir(folder, { withFileTypes: true });
  return entries.map((entry) => ({ name: entry.name, symbolicLink: entry.isSymbolicLink() }));
}

/** Why Import refuses `relative` (a `/`-separated path in the workspace), or undefined. */
function refusal(relative: string): Promise<string | undefined> {
  return refuseImportTarget(workspace, `${workspace}/${relative}`, relative, readFolder);
}

describe('Import Live Settings writes a new, real file inside the workspace folder only', () => {
  test('a dangling symbolic link is refused, saying why, and nothing is written outside', async () => {
    assert.equal(
      await refusal('dangling.pearl.json'),
      'dangling.pearl.json is a symbolic link: writing to it would write wherever it points, perhaps outside the workspace. Import writes a new, real file only: choose another name.',
    );
    assert.equal(fs.existsSync(path.join(outside, 'created-by-import.pearl.json')), false);
  });

  test('a symbolic link to an existing file is refused; so is its name in another letter case', async () => {
    assert.match((await refusal('agents/linked.pearl.json')) ?? '', /^agents\/linked\.pearl\.json is a symbolic link:/);
    assert.match((await refusal('agents/LINKED.pearl.json')) ?? '', /is a symbolic link:/);
  });

  test('a new file under a folder that is a symbolic link is refused', async () => {
    assert.equal(
      await refusal('linked-folder/new.pearl.json'),
      'The folder linked-folder is a symbolic link: writing under it would write wherever it points, perhaps outside the workspace. Import writes only inside the workspace folder itself: choose another folder.',
    );
  });

  test('an existing file, a `..` segment or a path outside the folder is refused', async () => {
    assert.equal(await refusal('agents/taken.pearl.json'), 'agents/taken.pearl.json already exists: Import writes a new file only.');
    assert.match((await refusal('agents/../../outside/x.pearl.json')) ?? '', /is not a plain path inside the workspace folder/);
    assert.equal(
      await refuseImportTarget(workspace, `${outside}/x.pearl.json`, 'x.pearl.json', readFolder),
      'Import writes only inside a workspace folder.',
    );
  });

  test('a new file, in the folder or in a folder not made yet, is accepted', async () => {
    assert.equal(await refusal('front-desk.pearl.json'), undefined);
    assert.equal(await refusal('agents/front-desk.pearl.json'), undefined);
    assert.equal(await refusal('new/deeper/front-desk.pearl.json'), undefined);
  });
});

test('Import: a suggested name the save dialog doubled is written once (support.pearl.json.pearl.json)', () => {
  assert.equal(singlePearlSuffix('/w/support.pearl.json.pearl.json'), '/w/support.pearl.json');
  assert.equal(singlePearlSuffix('/w/support.pearl.json'), '/w/support.pearl.json');
  assert.equal(singlePearlSuffix('/w/a.pearl.json/support.json'), '/w/a.pearl.json/support.json');
});
