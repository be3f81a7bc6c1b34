// pearl-lint --coverage x.pearl.json counts the walks of every walks file under the working folder
// whose `pearl` names x (docs/user/walks.md § Coverage), not only the walks files given.
import { after, before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runPearlLint } from '../../server/src/cli/pearlLint';
import { bookingWalksText, cleanBookingPearlText as bookingPearlText } from '../helpers/walkPearls';

let work: string;

before(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'pearl-lint-coverage-'));
  fs.writeFileSync(path.join(work, 'booking.pearl.json'), bookingPearlText);
  fs.writeFileSync(path.join(work, 'other.pearl.json'), bookingPearlText);
  fs.mkdirSync(path.join(work, 'walks'));
  fs.writeFileSync(
    path.join(work, 'walks', 'booking.walks.json'),
    bookingWalksText.replace('"booking.pearl.json"', '"../booking.pearl.json"'),
  );
  // Another Pearl's walks, and walks in a skipped folder: never counted for booking.
  fs.writeFileSync(path.join(work, 'walks', 'other.walks.json'), bookingWalksText.replace('"booking.pearl.json"', '"../other.pearl.json"'));
  fs.mkdirSync(path.join(work, 'node_modules'));
  fs.writeFileSync(
    path.join(work, 'node_modules', 'b.walks.json'),
    bookingWalksText.replace('"booking.pearl.json"', '"../booking.pearl.json"'),
  );
});

after(() => fs.rmSync(work, { recursive: true, force: true }));

async function run(args: string[]): Promise<{ code: number; stdout: string }> {
  let stdout = '';
  const code = await runPearlLint(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: () => undefined },
    cwd: work,
    env: {},
  });
  return { code, stdout };
}

test('--coverage on a Pearl alone counts the walks files under the working folder that name it', async () => {
  const { code, stdout } = await run(['--coverage', 'booking.pearl.json']);
  assert.equal(code, 0);
  assert.equal(stdout.split('\n')[0], 'booking.pearl.json: 5 of 10 transitions taken by 1 walk');
});

test('--coverage leaves out the walks files a ! pattern leaves out', async () => {
  const { stdout } = await run(['--coverage', 'booking.pearl.json', '!walks/booking.walks.json']);
  assert.equal(stdout.split('\n')[0], 'booking.pearl.json: 0 of 10 transitions taken by 0 walks');
});

/** The coverage lines of a text report (the lint's own lines left out). */
function coverageLines(stdout: string): string[] {
  return stdout.split('\n').filter((line) => / transitions taken by |^ {2}not taken: /.test(line));
}

test('--coverage counts the walks the check walked as it counts walks files it walks itself', async () => {
  // Walks files given: the report takes what the check's walks took. Pearls alone: it walks them.
  const fromCheck = await run(['--coverage', '.']);
  const walkedAgain = await run(['--coverage', 'booking.pearl.json', 'other.pearl.json']);
  const onThreads = await run(['--coverage', '--concurrency', '2', '.']);
  assert.deepEqual(coverageLines(fromCheck.stdout), coverageLines(walkedAgain.stdout));
  assert.deepEqual(coverageLines(onThreads.stdout), coverageLines(walkedAgain.stdout));
  assert.deepEqual(coverageLines(fromCheck.stdout).slice(0, 2), [
    'booking.pearl.json: 5 of 10 transitions taken by 1 walk',
    "  not taken: 'Unknown' (lookup -> greet) at booking.pearl.json:70:11",
  ]);
  assert.equal(coverageLines(fromCheck.stdout).filter((line) => line.startsWith('other.pearl.json:')).length, 1);
});

test('--coverage --cache reports the same when the walks files come from the cache', async () => {
  const cacheLocation = path.join(work, '.coverage-cache');
  const first = await run(['--coverage', '--cache', '--cache-location', cacheLocation, '.']);
  const second = await run(['--coverage', '--cache', '--cache-location', cacheLocation, '.']);
  assert.ok(fs.existsSync(cacheLocation));
  assert.ok(coverageLines(first.stdout).length > 2);
  assert.deepEqual(coverageLines(second.stdout), coverageLines(first.stdout));
});

test('--coverage run again in one process after the Pearl changed reports the Pearl as it is now', async () => {
  const file = path.join(work, 'booking.pearl.json');
  // Only booking's walks: the last Pearl read is booking's at the end of the run.
  const args = ['--coverage', 'booking.pearl.json', 'walks/booking.walks.json'];
  const before = await run(args);
  assert.ok(coverageLines(before.stdout).includes("  not taken: 'Unknown' (lookup -> greet) at booking.pearl.json:70:11"));
  try {
    // Two lines more above every transition, and the untaken one renamed: the parse the last run
    // kept (the last Pearl its walks files named) must not be the one reported.
    fs.writeFileSync(file, `\n\n${bookingPearlText.replace('"Unknown"', '"Unknown caller"')}`);
    const after = await run(args);
    assert.equal(coverageLines(after.stdout)[0], 'booking.pearl.json: 5 of 10 transitions taken by 1 walk');
    assert.ok(
      coverageLines(after.stdout).includes("  not taken: 'Unknown caller' (lookup -> greet) at booking.pearl.json:72:11"),
      after.stdout,
    );
  } finally {
    fs.writeFileSync(file, bookingPearlText);
  }
});
