// The language service as pearl-lint's bundle loads it (scripts/bundle.mjs resolves the CLI's
// imports of the service here): dist/service.js beside the bundle, the library the npm package
// ships, compiled from V8's code cache (see codeCache.ts). Not used by the compiled tests.
import * as path from 'node:path';
import { requireWithCodeCache } from './codeCache';

export = requireWithCodeCache(path.join(__dirname, 'service.js'), require);
