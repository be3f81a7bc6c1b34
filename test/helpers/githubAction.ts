// Runs this repository's composite GitHub Action (action.yml) as a runner would: each step's `run`
// under bash, `${{ inputs.x }}` and `${{ github.action_path }}` expanded, the inputs' defaults under
// the given ones, RUNNER_TEMP a fresh folder. Used by the package tests for both of the Action's
// routes (from a release ref with the built linter, and from a checkout of main).
import * as assert from 'node:assert/strict';
import { spawnSync, SpawnSyncReturns } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse as parseYaml } from 'yaml';

/** One step's run: its exit status and what it printed. */
export type ActionStepRun = SpawnSyncReturns<string>;

/** Where and how to run the Action. */
export interface ActionRunOptions {
  /** The Action's folder: the `action.yml` read and `github.action_path`. */
  actionPath: string;
  /** The workspace the steps run in (the user's repository). */
  cwd: string;
  /** The inputs given in the workflow (`with:`), over action.yml's defaults. */
  inputs: Record<string, string>;
  /** The environment of every step (a step's own `env:` is added). */
  env: NodeJS.ProcessEnv;
  /** A folder under which RUNNER_TEMP is made. */
  tempParent: string;
}

/**
 * Runs every step of the Action in order. Every step but the last must exit 0 (asserted); answers
 * each step's run, in order, so that a test can read the install step's output and the last
 * step's status.
 */
export function runActionSteps(options: ActionRunOptions): ActionStepRun[] {
  const action = parseYaml(fs.readFileSync(path.join(options.actionPath, 'action.yml'), 'utf8')) as {
    inputs: Record<string, { default: string }>;
    runs: { using: string; steps: { shell: string; env: Record<string, string>; run: string }[] };
  };
  assert.equal(action.runs.using, 'composite');
  const runnerTemp = fs.mkdtempSync(path.join(options.tempParent, 'runner-'));
  const given: Record<string, string> = {
    ...Object.fromEntries(Object.entries(action.inputs).map(([name, input]) => [name, input.default])),
    ...options.inputs,
  };
  const context: Record<string, string> = { 'github.action_path': options.actionPath };
  const expand = (value: string): string =>
    value.replace(
      /\$\{\{\s*([\w.-]+)\s*\}\}/g,
      (_, name: string) => (name.startsWith('inputs.') ? given[name.slice('inputs.'.length)] : context[name]) ?? '',
    );
  const runs: ActionStepRun[] = [];
  action.runs.steps.forEach((step, index) => {
    assert.equal(step.shell, 'bash');
    const env = {
      ...options.env,
      RUNNER_TEMP: runnerTemp,
      ...Object.fromEntries(Object.entries(step.env).map(([name, value]) => [name, expand(value)])),
    };
    const result = spawnSync('bash', ['-c', step.run], { cwd: options.cwd, env, encoding: 'utf8', input: '', timeout: 900_000 });
    runs.push(result);
    if (index < action.runs.steps.length - 1) assert.equal(result.status, 0, result.stdout + result.stderr);
  });
  return runs;
}
