import * as fs from 'node:fs';
import * as path from 'node:path';
import { repositoryRoot } from './lspClient';

/** The folder of the Pearl texts that unit, protocol and CLI tests share (test/fixtures/). */
export const fixturesDir = path.join(repositoryRoot, 'test', 'fixtures');

/** The text of `test/fixtures/<name>`, exactly as on disk (UTF-8). */
export function fixture(name: string): string {
  return fs.readFileSync(path.join(fixturesDir, name), 'utf8');
}

/**
 * A valid text Pearl (inbound, OpeningSentence → Dialogue → EndCall, variables first_name and
 * order_id) laid out one member per line, with no diagnostic.
 */
export const cleanTextPearl = fixture('text-pearl.pearl.json');

/** The agentPersonality of {@link threeProblemsTextPearl}: 41 characters, the limit is 35. */
export const longPersonality = 'Warm, patient and precise, never too long';

/**
 * {@link cleanTextPearl} with exactly three problems: {@link longPersonality} (max-length, an
 * Error), an undeclared `{foo}` in the Dialogue script (variable-undeclared, a Warning) and a
 * transition to `nowhere` (unknown-target, an Error).
 */
export const threeProblemsTextPearl = fixture('text-pearl-three-problems.pearl.json');
