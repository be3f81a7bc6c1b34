// V8's code cache for the bundles the pearl-lint command loads, the linter's (pearlLintCommand.ts) and
// the service's: compiling their 78 KB and half a megabyte of JavaScript is most of a one-file lint's
// start-up. Node 22 has module.enableCompileCache(); Node 20 has the same mechanism in vm.Script's
// `cachedData`, which this uses.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vm from 'node:vm';

/**
 * Loads a CommonJS file as `require` would (its `module`, `__filename`, `__dirname`; its `require`
 * is `requireBeside`, the caller's: the file sits in the caller's folder), compiled from V8's code cache when one was kept for this exact text, so that its
 * functions are not parsed and compiled again. When there was none, the cache (with the functions
 * that ran compiled) is written as the process exits.
 *
 * Safe by construction: a cache file holds the text it was made from, and is used only when that
 * text is byte for byte the file's (V8 itself checks only the length; it also refuses a cache of
 * another V8 or other flags, and the file is then compiled as usual). It lives in a folder of the
 * temporary folder that only this user can write (`pearl-lint-cache-<uid>`, checked, never followed
 * as a link), named by the file's path, size and the Node version, and is written under a temporary
 * name then renamed (never read half-written); the newest {@link cachesKept} are kept. Any failure
 * of the cache falls back to a plain compile; `NODE_DISABLE_COMPILE_CACHE=1` (Node's own switch)
 * turns it off.
 * @param filename Absolute path of the file.
 * @param requireBeside A `require` of a module in the same folder (node:module's `createRequire`
 * would load Node's ES module loader at start-up).
 */
export function requireWithCodeCache(filename: string, requireBeside: NodeJS.Require): unknown {
  const bytes = fs.readFileSync(filename);
  const source = bytes.toString('utf8');
  const folder = process.env.NODE_DISABLE_COMPILE_CACHE ? undefined : privateCacheFolder();
  const cacheFile =
    folder &&
    path.join(
      folder,
      `${path.basename(filename)}-${stringHash(filename)}-${bytes.length}-${process.version}-${process.arch}${cacheSuffix}`,
    );
  let cachedData: Buffer | undefined;
  try {
    if (cacheFile) {
      // [text length: 4 bytes][the text][V8's cache]
      const cache = fs.readFileSync(cacheFile);
      const length = cache.readUInt32LE(0);
      if (length === bytes.length && cache.subarray(4, 4 + length).equals(asBytes(bytes))) cachedData = cache.subarray(4 + length);
    }
  } catch {
    // No cache yet, or a short one.
  }
  // The wrapper Node itself puts around a CommonJS module, on the file's first line.
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) { ${source}\n})`, { filename, cachedData });
  if (folder && cacheFile && (cachedData === undefined || script.cachedDataRejected)) {
    process.once('exit', () => writeCache(folder, cacheFile, bytes, script));
  }
  const module = { exports: {} as unknown, filename, id: filename };
  (script.runInThisContext() as (...args: unknown[]) => void).call(
    module.exports,
    module.exports,
    requireBeside,
    module,
    filename,
    path.dirname(filename),
  );
  return module.exports;
}

const cacheSuffix = '.v8-cache';
/** Caches kept (other files, other versions of a file, other Node versions), the newest first. */
const cachesKept = 8;

/** A short hex hash of a path (FNV-1a, 32 bits): caches of different installations do not collide. */
function stringHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** The bytes of a Buffer, as the Uint8Array the file-system functions' types expect. */
function asBytes(buffer: Buffer): Uint8Array {
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** `<tmp>/pearl-lint-cache-<uid>`, created if needed; undefined unless it is a real folder only this user can write. */
function privateCacheFolder(): string | undefined {
  const uid = process.getuid?.();
  const folder = path.join(os.tmpdir(), `pearl-lint-cache-${uid ?? 'user'}`);
  // Made only when missing: a failed mkdir throws, which costs every run's start-up.
  if (!fs.existsSync(folder)) {
    try {
      fs.mkdirSync(folder, { mode: 0o700 });
    } catch {
      // Made by another run meanwhile (checked below), or cannot be made (the check fails).
    }
  }
  try {
    const stats = fs.lstatSync(folder);
    if (!stats.isDirectory()) return undefined;
    // Windows has no uid and a temporary folder of its own per user.
    if (uid !== undefined && (stats.uid !== uid || (stats.mode & 0o022) !== 0)) return undefined;
    return folder;
  } catch {
    return undefined;
  }
}

/**
 * Writes the text and the script's cache under a temporary name and renames it into place; then
 * deletes the oldest caches beyond {@link cachesKept}. Never throws: a cache is an optimisation, and
 * a full disk or a race with another run only costs the next run a compile.
 */
function writeCache(folder: string, cacheFile: string, text: Buffer, script: vm.Script): void {
  const temporary = `${cacheFile}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    const length = Buffer.alloc(4);
    length.writeUInt32LE(text.length);
    const cache = Buffer.concat([length, text, script.createCachedData()].map(asBytes));
    fs.writeFileSync(temporary, asBytes(cache), { flag: 'wx', mode: 0o600 });
    fs.renameSync(temporary, cacheFile);
    const caches = fs
      .readdirSync(folder)
      .filter((name) => name.endsWith(cacheSuffix))
      .map((name) => ({ file: path.join(folder, name), time: fs.statSync(path.join(folder, name)).mtimeMs }))
      .sort((a, b) => b.time - a.time);
    for (const { file } of caches.slice(cachesKept)) fs.rmSync(file, { force: true });
  } catch {
    try {
      fs.rmSync(temporary, { force: true });
    } catch {
      // Nothing more to do.
    }
  }
}
