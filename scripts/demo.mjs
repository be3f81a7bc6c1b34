// `npm run demo`: the linter on the bundled examples, as a user sees it.
// The clean examples must lint clean (exit 0); examples/broken/ must show its diagnostics (exit 1).
import { spawnSync } from 'node:child_process';

const runs = [
  {
    title: 'examples/ (realistic Pearls and their walks: expected clean)',
    args: ['examples/*.pearl.json', 'examples/*.walks.json'],
    expect: 0,
  },
  { title: 'examples/broken/ (a spread of mistakes: expected errors)', args: ['examples/broken'], expect: 1 },
];
let ok = true;
for (const run of runs) {
  process.stdout.write(`\n$ pearl-lint ${run.args.join(' ')}    # ${run.title}\n`);
  const result = spawnSync(process.execPath, ['dist/pearl-lint.js', ...run.args], { stdio: 'inherit' });
  process.stdout.write(`exit code ${result.status}\n`);
  if (result.status !== run.expect) ok = false;
}
if (!ok) {
  process.stderr.write('\ndemo: an exit code was not the expected one (see above)\n');
  process.exit(1);
}
