// `node scripts/checkCitations.mjs [folder ...]`: every citation of a markdown document in the
// comments of the source files under the given folders (default: server client) resolves inside
// this repository, and so does every relative link between the pages of docs/.
// - `docs/<file>.md § <Section>` resolves when the page has a heading whose text starts the cited
//   text (case-insensitive, the longest heading wins): "§ Graph rules, rule 7" cites "Graph rules".
// - `docs/<file>.md#<anchor>` resolves to an explicit `<a id="...">` or a heading's GitHub anchor.
// - A bare `§ <Section>` (`docs/interface.md § Node, § Transition`, or alone: an interface section
//   by its name) resolves in docs/interface.md or in any page the same source file names.
// - A mention of a `*.md` file that is not in the repository fails.
// Exits 1 listing each failure as `path:line: citation: reason`; exits 0 with a count otherwise.
// Comments are found with the TypeScript parser (a devDependency), so `//` inside strings,
// template literals and regular expressions is never taken for a comment.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sourceExtensions = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const skippedFolders = new Set(['node_modules', 'out', 'dist', '.git']);
/** The document a bare `§ <Section>` cites when its file names no other that has the section. */
const defaultDocument = 'docs/interface.md';

/** A `*.md` path (with its folders), optionally followed by `#anchor`. */
const documentPattern = /(?<![\w./-])((?:[\w.-]+\/)*[\w.-]+\.md)(?:#([\w-]+))?/g;
/** A section mark with the text that follows it. */
const sectionPattern = /§\s*/g;
/** Characters that may follow a cited heading's text. */
const afterHeading = /^($|[\s,;:.)"'`])/;

const { positionals } = parseArgs({ allowPositionals: true });
const folders = positionals.length > 0 ? positionals : ['server', 'client'];

const headingsCache = new Map();
const problems = [];
let resolved = 0;

for (const folder of folders) {
  for (const file of listSources(join(root, folder))) checkSource(file);
}
for (const file of listFiles(join(root, 'docs'), /\.md$/)) checkMarkdownLinks(file);

if (problems.length > 0) {
  for (const problem of problems) process.stderr.write(`${problem}\n`);
  process.stderr.write(`${problems.length} citation(s) do not resolve (${resolved} do).\n`);
  process.exit(1);
}
process.stdout.write(`All ${resolved} citations resolve (${folders.join(', ')} and the links of docs/).\n`);

/** Source files under `folder`, skipping build output and dependencies. */
function listSources(folder) {
  return listFiles(folder, sourceExtensions).filter((file) => !file.endsWith('.d.ts'));
}

/** Files under `folder` whose name matches `pattern`, sorted; [] when the folder does not exist. */
function listFiles(folder, pattern) {
  if (!existsSync(folder)) return [];
  const files = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (skippedFolders.has(entry.name)) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) files.push(...listFiles(path, pattern));
    else if (pattern.test(entry.name)) files.push(path);
  }
  return files.sort();
}

/** Checks every citation in the comments of one source file. */
function checkSource(file) {
  const text = readFileSync(file, 'utf8');
  const comments = findComments(file, text).map((range) => commentText(text, range));
  const citedInFile = new Set();
  for (const comment of comments) {
    for (const match of comment.text.matchAll(documentPattern)) citedInFile.add(match[1]);
  }
  for (const comment of comments) checkComment(file, comment, [...citedInFile]);
}

/**
 * The comments of a source file as [pos, end) ranges in source order; consecutive `//` lines are
 * merged into one comment.
 */
function findComments(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const byStart = new Map();
  const collect = (ranges) => {
    for (const range of ranges ?? []) byStart.set(range.pos, range);
  };
  const visit = (node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    ts.forEachChild(node, visit);
  };
  visit(source);
  collect(ts.getLeadingCommentRanges(text, source.endOfFileToken.pos));
  const merged = [];
  for (const range of [...byStart.values()].sort((a, b) => a.pos - b.pos)) {
    const last = merged.at(-1);
    const lineComments = last?.kind === ts.SyntaxKind.SingleLineCommentTrivia && range.kind === last.kind;
    if (lineComments && /^[ \t]*\r?\n[ \t]*$/.test(text.slice(last.end, range.pos))) last.end = range.end;
    else merged.push({ pos: range.pos, end: range.end, kind: range.kind });
  }
  return merged;
}

/**
 * A comment's words on one line: comment markers and leading `*` removed, lines joined by a space.
 * `lines` maps an offset in `text` back to the 1-based line of the file.
 */
function commentText(source, range) {
  const firstLine = source.slice(0, range.pos).split('\n').length;
  const parts = source
    .slice(range.pos, range.end)
    .split('\n')
    .map((line) =>
      line
        .replace(/^\s*(\/\*\*?|\*(?!\/)|\/\/)?\s?/, '')
        .replace(/\s*\*\/\s*$/, '')
        .trimEnd(),
    );
  const lines = [];
  let text = '';
  parts.forEach((part, index) => {
    if (text.length > 0) text += ' ';
    lines.push({ offset: text.length, line: firstLine + index });
    text += part;
  });
  return { text, lines };
}

/** The file line of an offset in a comment's text. */
function lineAt(comment, offset) {
  let line = comment.lines[0].line;
  for (const entry of comment.lines) if (entry.offset <= offset) line = entry.line;
  return line;
}

/** Checks the document mentions and section marks of one comment, in order. */
function checkComment(file, comment, citedInFile) {
  const events = [
    ...[...comment.text.matchAll(documentPattern)].map((match) => ({ kind: 'document', match })),
    ...[...comment.text.matchAll(sectionPattern)].map((match) => ({ kind: 'section', match })),
  ].sort((a, b) => a.match.index - b.match.index);
  let current;
  for (const { kind, match } of events) {
    const where = `${relative(root, file)}:${lineAt(comment, match.index)}`;
    if (kind === 'document') {
      current = match[1];
      checkDocument(where, match[1], match[2]);
      continue;
    }
    const before = comment.text.slice(0, match.index).trimEnd();
    const named = before.endsWith('.md') ? current : undefined;
    const cited = comment.text.slice(match.index + match[0].length);
    // `RFC 9110 § 10.2.3`: a numbered section of something that is not a markdown document.
    if (!named && /[\p{L}\p{N}]$/u.test(before) && /^\d/.test(cited)) continue;
    checkSection(where, cited, named, citedInFile);
  }
}

/** Checks that a mentioned document exists in the repository and, for `#anchor`, has the anchor. */
function checkDocument(where, document, anchor) {
  const headings = readHeadings(document);
  if (!headings) {
    problems.push(`${where}: ${document}: not a file of this repository`);
    return;
  }
  if (anchor === undefined) return;
  if (headings.anchors.has(anchor)) resolved++;
  else problems.push(`${where}: ${document}#${anchor}: no such anchor`);
}

/**
 * Checks a `§ <Section>` citation against `document`, or, for a bare mark, against the interface
 * and every document the file names.
 */
function checkSection(where, cited, document, citedInFile) {
  const excerpt = `§ ${cited.split(/[;(]/)[0].slice(0, 40).trim()}`;
  const candidates = document ? [document] : [...new Set([defaultDocument, ...citedInFile])];
  // A missing document is reported where it is named.
  const existing = candidates.filter((candidate) => readHeadings(candidate));
  if (existing.length === 0) return;
  if (existing.some((candidate) => findHeading(readHeadings(candidate), cited))) resolved++;
  else problems.push(`${where}: ${excerpt}: no such section in ${existing.join(' or ')}`);
}

/** The longest heading of `headings` that `cited` starts with, followed by a boundary. */
function findHeading(headings, cited) {
  const lower = cited.toLowerCase();
  let best;
  for (const heading of headings.titles) {
    const title = heading.toLowerCase();
    if (!lower.startsWith(title) || !afterHeading.test(lower.slice(title.length))) continue;
    if (!best || title.length > best.length) best = heading;
  }
  return best;
}

/**
 * The headings (`titles`, inline code marks removed) and anchors (explicit `<a id>`/`<a name>`
 * and GitHub heading slugs) of a repository document, or undefined when it is not a file here.
 */
function readHeadings(document) {
  if (headingsCache.has(document)) return headingsCache.get(document);
  const path = resolve(root, document);
  const isRepositoryFile = path.startsWith(root + sep) && existsSync(path) && statSync(path).isFile();
  const headings = isRepositoryFile ? parseHeadings(readFileSync(path, 'utf8')) : undefined;
  headingsCache.set(document, headings);
  return headings;
}

/** ATX headings outside fenced code, explicit anchors, and GitHub's slugs (`-1`, `-2` for repeats). */
function parseHeadings(markdown) {
  const titles = [];
  const anchors = new Set();
  const slugCounts = new Map();
  let fence;
  for (const line of markdown.split(/\r?\n/)) {
    const fenceMatch = /^\s{0,3}(```|~~~)/.exec(line);
    if (fenceMatch) {
      if (!fence) fence = fenceMatch[1];
      else if (fence === fenceMatch[1]) fence = undefined;
      continue;
    }
    if (fence) continue;
    for (const match of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1]);
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const title = heading[1].replace(/`/g, '');
    titles.push(title);
    const slug = title
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = slugCounts.get(slug) ?? 0;
    slugCounts.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return { titles, anchors };
}

/** Checks the relative links of a docs/ page: `(other.md)`, `(other.md#anchor)`, `(#anchor)`. */
function checkMarkdownLinks(file) {
  const document = relative(root, file).split(sep).join('/');
  const lines = readFileSync(file, 'utf8').split(/\r?\n/);
  lines.forEach((line, index) => {
    for (const match of line.matchAll(/\]\(([^)\s]*)\)/g)) {
      const [target, anchor] = match[1].split('#');
      if (/^[a-z]+:/i.test(target)) continue;
      const linked = target === '' ? document : join(dirname(document), target).split(sep).join('/');
      const where = `${document}:${index + 1}`;
      if (anchor === undefined) {
        if (existsSync(resolve(root, linked))) resolved++;
        else problems.push(`${where}: (${match[1]}): no such file`);
      } else if (!readHeadings(linked)) {
        problems.push(`${where}: (${match[1]}): no such file`);
      } else if (readHeadings(linked).anchors.has(anchor)) {
        resolved++;
      } else {
        problems.push(`${where}: (${match[1]}): no such anchor`);
      }
    }
  });
}
