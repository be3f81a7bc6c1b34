// An esbuild plugin of scripts/bundle.mjs (its own module, so that test/unit/lazyJsoncTables.test.ts
// can build with it).
import { readFileSync } from 'node:fs';

/**
 * jsonc-parser's formatter keeps tables of line breaks with indentation (string-intern.js): six
 * lists of 200 strings, about 300 KB, made when the bundle loads, in every process, though only
 * formatting reads them (pearl-lint without --fix never does). In the bundles each list is made on
 * its first read instead: the same module, same exports, same values. A one-file lint made one
 * garbage collection fewer and took 2.5% less time (farm-bench, 40 runs). The module is checked to be the one this was
 * written for: a jsonc-parser that changes it fails the build here rather than being altered blind.
 */
export const lazyJsoncTables = {
  name: 'lazy-jsonc-tables',
  setup(build) {
    build.onLoad({ filter: /[\\/]jsonc-parser[\\/]lib[\\/]esm[\\/]impl[\\/]string-intern\.js$/ }, (args) => {
      const original = readFileSync(args.path, 'utf8');
      const expected = [
        'export const cachedSpaces = new Array(20)',
        'const maxCachedValues = 200;',
        'export const cachedBreakLinesWithSpaces = {',
        "export const supportedEols = ['\\n', '\\r', '\\r\\n'];",
      ];
      const exported = original.match(/^export const \w+/gm) ?? [];
      if (exported.length !== 3 || expected.some((line) => !original.includes(line))) {
        throw new Error(`${args.path} is not the module lazy-jsonc-tables replaces (scripts/bundle.mjs): check it and update the plugin`);
      }
      return {
        loader: 'js',
        contents: `export const cachedSpaces = new Array(20).fill(0).map((_, index) => ' '.repeat(index));
const maxCachedValues = 200;
function lazyLines(indent) {
  const lines = {};
  for (const eol of ['\\n', '\\r', '\\r\\n']) {
    Object.defineProperty(lines, eol, {
      configurable: true,
      enumerable: true,
      get() {
        const value = new Array(maxCachedValues).fill(0).map((_, index) => eol + indent.repeat(index));
        Object.defineProperty(lines, eol, { value, enumerable: true, writable: true, configurable: true });
        return value;
      },
    });
  }
  return lines;
}
export const cachedBreakLinesWithSpaces = { ' ': lazyLines(' '), '\\t': lazyLines('\\t') };
export const supportedEols = ['\\n', '\\r', '\\r\\n'];
`,
      };
    });
  },
};
