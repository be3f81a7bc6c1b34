import * as path from 'node:path';

/** The repository root (this file runs from `out/test/helpers/`). */
export const repositoryRoot = path.resolve(__dirname, '..', '..', '..');
