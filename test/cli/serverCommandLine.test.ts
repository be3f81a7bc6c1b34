// The language server's command line (dist/server.js): --help, and usage errors instead of a server
// listening on a transport nobody asked for.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { parseServerArguments } from '../../server/src/cli/serverArguments';
import { serverBundle } from '../helpers/lspClient';

function runServer(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [serverBundle, ...args], { timeout: 30_000 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') reject(error);
      else resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
    });
    child.stdin?.end();
  });
}

test('pearl-language-server --help prints the usage and exits 0', async () => {
  for (const flag of ['--help', '-h']) {
    const { code, stdout } = await runServer([flag]);
    assert.equal(code, 0);
    assert.match(stdout, /^Usage: pearl-language-server \[--stdio \| --node-ipc \| --socket=<port> \| --pipe=<name>\]\n/);
    assert.match(stdout, /--version/);
  }
});

test('pearl-language-server: an unknown option is a usage error (exit 2)', async () => {
  const { code, stdout, stderr } = await runServer(['--stdoi']);
  assert.equal(code, 2);
  assert.equal(stdout, '');
  assert.match(stderr, /^pearl-language-server: .*'--stdoi'.*\nTry 'pearl-language-server --help'\.\n$/);
});

test('the transports editors pass are accepted', () => {
  for (const args of [[], ['--stdio'], ['--node-ipc', '--clientProcessId=42'], ['--socket=7000'], ['--pipe=/tmp/pearl.sock']]) {
    assert.deepEqual(parseServerArguments(args), { kind: 'serve' }, args.join(' '));
  }
});
