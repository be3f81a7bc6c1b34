// One place that enables and disables the commands that need the language server (issue 31):
// serverGate.ts, after rust-analyzer's context swap.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  type CommandContributions,
  commandsNeedingServer,
  ServerGate,
  serverNotRunningMessage,
  serverRunningContextKey,
} from '../../client/src/serverGate';
import { repositoryRoot } from '../helpers/paths';

const packageJson = JSON.parse(fs.readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8')) as CommandContributions & {
  contributes: { commands: { command: string; enablement?: string }[] };
};

/** The commands that read the language server: the graph, the walk, Deploy's payload, the compared file. */
const readingTheServer = [
  'pearl.openGraphPreview',
  'pearl.walkConversation',
  'pearl.deploy',
  'pearl.pearls.compareWithFile',
  'pearl.calls.walkWithValues',
];

/** A gate over a recording host. */
function recordedGate(needs: readonly string[] = readingTheServer) {
  const contexts: [string, boolean][] = [];
  const errors: string[] = [];
  const gate = new ServerGate(
    { setContext: (key, value) => contexts.push([key, value]), showError: (message) => errors.push(message) },
    new Set(needs),
  );
  return { gate, contexts, errors };
}

test('the context key follows the server: false at first, then each change once', () => {
  const { gate, contexts } = recordedGate();
  assert.deepEqual(contexts, [['pearl.serverRunning', false]]);
  gate.update(true);
  gate.update(true);
  gate.update(false);
  assert.deepEqual(contexts, [
    ['pearl.serverRunning', false],
    ['pearl.serverRunning', true],
    ['pearl.serverRunning', false],
  ]);
  assert.equal(serverRunningContextKey, 'pearl.serverRunning');
});

test('a command that needs the server, run while it is down, says the one sentence and does not run', async () => {
  const { gate, errors } = recordedGate();
  const runs: unknown[][] = [];
  const deploy = gate.guardCommand('pearl.deploy', async (...args: unknown[]) => {
    runs.push(args);
    return 'deployed';
  });
  assert.equal(await deploy('file:///a.pearl.json'), undefined);
  assert.deepEqual(errors, ['The Pearl language server is not running. Run "Pearl: Restart Language Server".']);
  assert.deepEqual(runs, []);
  gate.update(true);
  assert.equal(await deploy('file:///a.pearl.json'), 'deployed');
  assert.deepEqual(runs, [['file:///a.pearl.json']]);
  assert.equal(errors.length, 1);
});

test('a command that does not need the server runs as registered, the server down or not', () => {
  const { gate, errors } = recordedGate();
  const refresh = (): string => 'refreshed';
  assert.equal(gate.guardCommand('pearl.pearls.refresh', refresh), refresh);
  assert.deepEqual(errors, []);
});

test('a step inside a command checks quietly or says the one sentence', () => {
  const { gate, errors } = recordedGate();
  assert.equal(gate.check(true), false);
  assert.deepEqual(errors, []);
  assert.equal(gate.check(), false);
  assert.deepEqual(errors, [serverNotRunningMessage]);
  gate.update(true);
  assert.equal(gate.check(), true);
  assert.equal(errors.length, 1);
});

test('package.json: the commands that read the server carry the enablement clause, and the gate reads them from it', () => {
  const enabled = packageJson.contributes.commands.filter((command) => command.enablement !== undefined);
  assert.deepEqual(
    enabled.map((command) => [command.command, command.enablement]).sort(),
    readingTheServer.map((command) => [command, 'pearl.serverRunning']).sort(),
  );
  assert.deepEqual([...commandsNeedingServer(packageJson)].sort(), [...readingTheServer].sort());
  assert.deepEqual(
    [...commandsNeedingServer({ contributes: { commands: [{ command: 'x', enablement: 'pearl.serverRunningLate' }] } })],
    [],
  );
});

test('one wording: no file of client/src but serverGate.ts says the server is not running, nor asks the client its state', () => {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.ts$/.test(entry.name) && entry.name !== 'serverGate.ts') {
        const text = fs.readFileSync(file, 'utf8');
        if (/server is not running|\.isRunning\(\)|client\.state\b/.test(text)) found.push(path.relative(repositoryRoot, file));
      }
    }
  };
  walk(path.join(repositoryRoot, 'client', 'src'));
  assert.deepEqual(found, []);
});
