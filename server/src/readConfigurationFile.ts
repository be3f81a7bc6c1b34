import * as fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Reads a `.pearlrc.json` for the language service (`LanguageServiceParams.readConfigurationFile`),
 * as the language server and pearl-lint do: its text, or undefined when there is no such file (or
 * the URI is not a `file:` URI). Throws other file-system errors (a file that cannot be read).
 */
export function readConfigurationFile(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fs.readFileSync(fileURLToPath(uri), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return undefined;
    throw error;
  }
}
