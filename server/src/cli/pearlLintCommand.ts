// The `pearl-lint` command (dist/pearl-lint.js, the package's `bin`). The linter itself is
// dist/pearl-lint-cli.js beside it, loaded from V8's code cache as it loads the service
// (codeCache.ts): compiling the linter's 78 KB at every start cost a one-file lint about 2 ms.
import * as path from 'node:path';
import { requireWithCodeCache } from './codeCache';

/** What dist/pearl-lint-cli.js (pearlLint.ts) gives the command. */
interface PearlLintCli {
  /** Runs pearl-lint on `process.argv` and sets `process.exitCode`. */
  readonly main: () => Promise<void>;
}

void (requireWithCodeCache(path.join(__dirname, 'pearl-lint-cli.js'), require) as PearlLintCli).main();
