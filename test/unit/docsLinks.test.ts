// Every relative link of README.md, CHANGELOG.md and docs/**/*.md leads somewhere: the file exists
// in this repository and, when the link names an `#anchor`, that file has a heading (or an explicit
// `<a id>`/`<a name>`) with that anchor, as GitHub renders it. Links and headings are read with
// markdown-it, so a `[x](y)` inside a code span or a fenced block is no link.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import MarkdownIt from 'markdown-it';
import { repositoryRoot } from '../helpers/paths';

const markdown = new MarkdownIt({ html: true });

/** A link found in a Markdown file: its target as written and the 1-based line it is on. */
interface MarkdownLink {
  readonly target: string;
  readonly line: number;
}

type Token = MarkdownIt.Token;

/**
 * GitHub's anchor for a heading's text (what github-slugger does): lower case, every character but
 * letters, marks, digits, connector punctuation (`_`), spaces and hyphens removed, each space a
 * hyphen. The text is the heading as rendered: code spans keep their content, emphasis and link
 * marks are dropped.
 */
function githubSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The text of an inline token as GitHub renders it for a slug: text and code spans, nothing else. */
function inlineText(token: Token): string {
  return (token.children ?? []).map((child) => (child.type === 'text' || child.type === 'code_inline' ? child.content : '')).join('');
}

/** Every anchor of a Markdown text: heading slugs (`-1`, `-2` … for repeats) and explicit `<a id|name>`. */
function markdownAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const counts = new Map<string, number>();
  const tokens = markdown.parse(text, {});
  tokens.forEach((token, index) => {
    if (token.type === 'heading_open') {
      const slug = githubSlug(inlineText(tokens[index + 1]));
      const count = counts.get(slug) ?? 0;
      counts.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    const html =
      token.type === 'inline' ? (token.children ?? []).filter((child) => child.type === 'html_inline').map((child) => child.content) : [];
    if (token.type === 'html_block') html.push(token.content);
    for (const fragment of html) for (const match of fragment.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1]);
  });
  return anchors;
}

/** Every link and image of a Markdown text whose target has no scheme (`https:`, `mailto:` …). */
function relativeLinks(text: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  // The first line of the innermost block with a known place (a table cell has none: its row's),
  // and one more after each line break inside the block.
  let blockLine = 1;
  for (const token of markdown.parse(text, {})) {
    if (token.map) blockLine = token.map[0] + 1;
    if (token.type !== 'inline') continue;
    let line = blockLine;
    for (const child of token.children ?? []) {
      if (child.type === 'softbreak' || child.type === 'hardbreak') line++;
      const attribute = child.type === 'link_open' ? child.attrGet('href') : child.type === 'image' ? child.attrGet('src') : null;
      const target = attribute === null ? undefined : String(attribute);
      if (target !== undefined && !/^[a-z][a-z0-9+.-]*:/i.test(target)) links.push({ target, line });
    }
  }
  return links;
}

/**
 * The problems of the relative links of the Markdown file `file` (absolute) under `root`: each
 * `file:line: (target): reason`. A link outside `root`, to a missing file, or to an anchor the
 * linked Markdown file does not have, is a problem.
 */
function linkProblems(root: string, file: string): string[] {
  const problems: string[] = [];
  const where = path.relative(root, file).split(path.sep).join('/');
  for (const { target, line } of relativeLinks(fs.readFileSync(file, 'utf8'))) {
    const hash = target.indexOf('#');
    const pathPart = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
    const anchor = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
    const linked = pathPart === '' ? file : path.resolve(path.dirname(file), pathPart);
    const reason = (text: string): void => {
      problems.push(`${where}:${line}: (${target}): ${text}`);
    };
    if (linked !== root && !linked.startsWith(root + path.sep)) reason('outside the repository');
    else if (!fs.existsSync(linked)) reason('no such file');
    else if (anchor !== undefined && anchor !== '') {
      if (!linked.endsWith('.md') || !fs.statSync(linked).isFile()) reason('an anchor into a file that is not Markdown');
      else if (!markdownAnchors(fs.readFileSync(linked, 'utf8')).has(anchor)) reason('no such heading');
    }
  }
  return problems;
}

/** README.md, CHANGELOG.md and every Markdown file under docs/ of `root`, sorted. */
function documentationFiles(root: string): string[] {
  const files = ['README.md', 'CHANGELOG.md'].map((name) => path.join(root, name)).filter((file) => fs.existsSync(file));
  const walk = (folder: string): void => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.md')) files.push(full);
    }
  };
  walk(path.join(root, 'docs'));
  return files.sort();
}

test('every relative link of README.md, CHANGELOG.md and docs/ leads to a file, and each #anchor to its heading', () => {
  const files = documentationFiles(repositoryRoot);
  assert.ok(files.length >= 20, `${files.length} files`);
  const linkCount = files.reduce((sum, file) => sum + relativeLinks(fs.readFileSync(file, 'utf8')).length, 0);
  assert.ok(linkCount >= 100, `${linkCount} links`);
  assert.deepEqual(
    files.flatMap((file) => linkProblems(repositoryRoot, file)),
    [],
  );
});

test('the README is short: at most 300 lines, and it links to every page of the manual', () => {
  const readme = fs.readFileSync(path.join(repositoryRoot, 'README.md'), 'utf8');
  assert.ok(readme.split('\n').length <= 300, `${readme.split('\n').length} lines`);
  const linked = new Set(relativeLinks(readme).map((link) => link.target.split('#')[0]));
  for (const page of fs.readdirSync(path.join(repositoryRoot, 'docs', 'user'))) {
    assert.ok(linked.has(`docs/user/${page}`), `README.md links to docs/user/${page}`);
  }
});

test('a broken link is found: a missing file, a missing heading, and a link outside the repository', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pearl-docs-links-'));
  try {
    fs.mkdirSync(path.join(root, 'docs', 'user'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'docs', 'user', 'page.md'),
      '# A page\n\n## The `pearl-lint` flags, *all* of them\n\n<a id="kept"></a>\n',
    );
    fs.writeFileSync(
      path.join(root, 'README.md'),
      [
        '# Readme',
        '',
        '[fine](docs/user/page.md#the-pearl-lint-flags-all-of-them) [explicit](docs/user/page.md#kept) [here](#readme)',
        '[gone](docs/user/gone.md) and [no heading](docs/user/page.md#flags)',
        '![picture](docs/missing.png) [away](../elsewhere.md) [web](https://example.com/x.md)',
        '',
        '`[code](not/a/link.md)`',
        '',
        '```',
        '[fenced](not/a/link.md)',
        '```',
      ].join('\n'),
    );
    assert.deepEqual(linkProblems(root, path.join(root, 'README.md')), [
      'README.md:4: (docs/user/gone.md): no such file',
      'README.md:4: (docs/user/page.md#flags): no such heading',
      'README.md:5: (docs/missing.png): no such file',
      'README.md:5: (../elsewhere.md): outside the repository',
    ]);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
