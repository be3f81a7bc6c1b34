import * as fs from 'node:fs';
import * as path from 'node:path';
import { tailOf } from './commands';
import { repositoryRoot, standInMain } from './paths';
import { delay, type ProcessGroups } from './processGroups';

/** A running stand-in of the Pearl service (test/standin), in its own process group. */
export interface RunningStandIn {
  /** `http://127.0.0.1:<port>`: the `pearl.api.baseUrl` to set. */
  readonly url: string;
  /** The bearer token it accepts (the stand-in's own, never a real one). */
  readonly token: string;
  readonly pid: number;
}

/** The token the harness gives the stand-in. */
export const standInToken = 'e2e-account:e2e-secret';

/**
 * Starts `node out/test/standin/main.js --port <port> --token <token>` (port 0: any free port) and
 * resolves once it prints the URL it listens on. Rejects when it is not built (`npm run build`
 * builds it), exits, or says nothing within `timeoutMs`.
 */
export async function startStandIn(
  groups: ProcessGroups,
  options: { logFile: string; env: NodeJS.ProcessEnv; port?: number; timeoutMs?: number },
): Promise<RunningStandIn> {
  if (!fs.existsSync(standInMain)) throw new Error(`the Pearl service stand-in is not built (${standInMain}): run npm run build`);
  const child = await groups.start(
    'stand-in',
    process.execPath,
    [standInMain, '--port', String(options.port ?? 0), '--token', standInToken],
    { cwd: repositoryRoot, env: options.env, logFile: options.logFile },
  );
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    const match = /stand-in on (http:\/\/127\.0\.0\.1:\d+)/.exec(readText(options.logFile));
    if (match) return { url: match[1], token: standInToken, pid: child.pid! };
    if (exited || Date.now() > deadline) {
      throw new Error(
        `the stand-in ${exited ? 'exited' : 'did not start'}; ${path.basename(options.logFile)}:\n${tailOf(options.logFile, 20)}`,
      );
    }
    await delay(50);
  }
}

/** A Pearl the stand-in created (`GET /__standin/created`). */
export interface CreatedPearl {
  readonly id: string;
  readonly path: string;
  readonly body: string;
}

/** The Pearls the stand-in created so far, oldest first. */
export async function getCreatedPearls(standIn: RunningStandIn): Promise<CreatedPearl[]> {
  const response = await fetch(`${standIn.url}/__standin/created`);
  if (!response.ok) throw new Error(`GET /__standin/created: HTTP ${response.status}`);
  return (await response.json()) as CreatedPearl[];
}

/**
 * Sets the stand-in's fault (`POST /__standin/fault`). Resolves to false when the stand-in does not
 * know this fault (a 400 from the control), true when it is set.
 */
export async function setStandInFault(standIn: RunningStandIn, fault: Record<string, unknown>): Promise<boolean> {
  const response = await fetch(`${standIn.url}/__standin/fault`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(fault),
  });
  if (response.status === 400) return false;
  if (!response.ok) throw new Error(`POST /__standin/fault: HTTP ${response.status}`);
  return true;
}

/** `GET /v2/Pearl/{pearlId}/OngoingCalls`, as the extension reads it. */
export async function getOngoingCalls(
  standIn: RunningStandIn,
  pearlId: string,
): Promise<{ totalOngoingCalls: number; totalOnQueue?: number | null }> {
  const response = await fetch(`${standIn.url}/v2/Pearl/${encodeURIComponent(pearlId)}/OngoingCalls`, {
    headers: { Authorization: `Bearer ${standIn.token}` },
  });
  if (!response.ok) throw new Error(`GET OngoingCalls of ${pearlId}: HTTP ${response.status}`);
  return (await response.json()) as { totalOngoingCalls: number; totalOnQueue?: number | null };
}

function readText(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
