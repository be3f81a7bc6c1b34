import * as fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { maxRuleConfigurationFileBytes } from './service/pearlLanguageService';

/**
 * Reads a `.pearlrc.json` for the language service (`LanguageServiceParams.readConfigurationFile`),
 * as the language server and pearl-lint do: its text, or undefined when there is no such file (or
 * the URI is not a `file:` URI). Reads at most {@link maxRuleConfigurationFileBytes} bytes plus one:
 * the service refuses a longer text without reading it, whatever the file's size. Throws other
 * file-system errors (a file that cannot be read).
 */
export function readConfigurationFile(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  let fd: number;
  try {
    fd = fs.openSync(fileURLToPath(uri), 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return undefined;
    throw error;
  }
  try {
    const stat = fs.fstatSync(fd);
    if (stat.isDirectory()) return undefined;
    const buffer = new Uint8Array(Math.min(stat.size, maxRuleConfigurationFileBytes) + 1);
    let length = 0;
    while (length < buffer.length) {
      const read = fs.readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
    // A character cut at the end decodes as U+FFFD (3 bytes): the text stays over the bound.
    return new TextDecoder().decode(buffer.subarray(0, length));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EISDIR') return undefined;
    throw error;
  } finally {
    fs.closeSync(fd);
  }
}
