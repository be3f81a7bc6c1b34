// Runs syntaxes/pearl.tmLanguage.json with a small TextMate tokenizer written here, so the grammar
// is tested by the scopes it gives real lines, without a dependency on vscode-textmate/Oniguruma.
// The tokenizer implements the subset the grammar uses (match, begin/end, captures, name,
// contentName, include of #rule/$self/$base) the way vscode-textmate does: each line is searched
// with "\n" appended; the earliest match wins; at equal positions the end pattern beats the rule's
// patterns, and earlier patterns beat later ones. Anything outside that subset throws instead of
// being silently ignored, and the grammar keeps its regular expressions JavaScript-compatible.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

interface RawCapture {
  name?: string;
  patterns?: unknown;
}
interface RawRule {
  comment?: string;
  include?: string;
  name?: string;
  contentName?: string;
  match?: string;
  begin?: string;
  end?: string;
  while?: string;
  captures?: Record<string, RawCapture>;
  beginCaptures?: Record<string, RawCapture>;
  endCaptures?: Record<string, RawCapture>;
  applyEndPatternLast?: boolean | number;
  patterns?: RawRule[];
  repository?: unknown;
}
interface RawGrammar {
  scopeName: string;
  patterns: RawRule[];
  repository: Record<string, RawRule>;
}

/** A token of one line, as vscode-textmate reports it: UTF-16 offsets and the scope stack. */
interface Token {
  text: string;
  scopes: string[];
}

function findRepoRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'syntaxes'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no repository root above ${start}`);
  }
}

const grammarPath = path.join(findRepoRoot(__dirname), 'syntaxes', 'pearl.tmLanguage.json');

function loadGrammar(): RawGrammar {
  return JSON.parse(fs.readFileSync(grammarPath, 'utf8')) as RawGrammar;
}

const regexCache = new Map<string, RegExp>();

// Oniguruma semantics for the constructs used: ^ and $ are line anchors (JS `m`); `d` gives the
// capture offsets; `g` lets a search start at lastIndex.
function compile(source: string): RegExp {
  let re = regexCache.get(source);
  if (re === undefined) {
    if (/\\[GAz]|\(\?[imx]|\\[1-9]/.test(source)) throw new Error(`unsupported regex construct: ${source}`);
    re = new RegExp(source, 'dgm');
    regexCache.set(source, re);
  }
  return re;
}

function scopeNames(name: string | undefined): string[] {
  if (name === undefined) return [];
  if (name.includes('$')) throw new Error(`capture references in names are not supported: ${name}`);
  return name.split(/\s+/).filter((s) => s.length > 0);
}

interface Frame {
  rule: RawRule | undefined;
  /** Scopes of the begin/end matches: parent content scopes plus the rule's name. */
  nameScopes: string[];
  /** Scopes of the text between begin and end: nameScopes plus contentName. */
  contentScopes: string[];
  patterns: RawRule[];
}

class Tokenizer {
  constructor(private readonly grammar: RawGrammar) {}

  /** Tokenizes `lines` from the start of a document; the rule stack carries across lines. */
  tokenize(lines: string[]): Token[][] {
    const root: Frame = {
      rule: undefined,
      nameScopes: [this.grammar.scopeName],
      contentScopes: [this.grammar.scopeName],
      patterns: this.grammar.patterns,
    };
    const stack: Frame[] = [root];
    return lines.map((line) => this.tokenizeLine(line, stack));
  }

  private tokenizeLine(line: string, stack: Frame[]): Token[] {
    const text = `${line}\n`;
    const scopesAt: string[][] = new Array<string[]>(text.length);
    let pos = 0;
    let lastState = '';
    while (pos < text.length) {
      const state = `${pos}/${stack.length}`;
      if (state === lastState) throw new Error(`tokenizer loop at ${pos} in ${JSON.stringify(line)}`);
      lastState = state;

      const frame = stack[stack.length - 1];
      let best: { match: RegExpExecArray; rule: RawRule | undefined } | undefined;
      if (frame.rule?.end !== undefined) {
        if (frame.rule.applyEndPatternLast) throw new Error('applyEndPatternLast is not supported');
        const match = search(frame.rule.end, text, pos);
        if (match) best = { match, rule: undefined };
      }
      for (const rule of this.expand(frame.patterns, new Set())) {
        const match = search((rule.match ?? rule.begin) as string, text, pos);
        if (match && (best === undefined || match.index < best.match.index)) best = { match, rule };
      }
      if (best === undefined) {
        fill(scopesAt, pos, text.length, frame.contentScopes);
        break;
      }
      const { match, rule } = best;
      const start = match.index;
      const end = start + match[0].length;
      fill(scopesAt, pos, start, frame.contentScopes);
      if (rule === undefined) {
        // The frame's end pattern.
        const endRule = frame.rule as RawRule;
        applyCaptures(scopesAt, match, frame.nameScopes, endRule.endCaptures ?? endRule.captures);
        stack.pop();
      } else if (rule.match !== undefined) {
        if (end === start) throw new Error(`zero-length match of ${rule.match}`);
        applyCaptures(scopesAt, match, [...frame.contentScopes, ...scopeNames(rule.name)], rule.captures);
      } else {
        const nameScopes = [...frame.contentScopes, ...scopeNames(rule.name)];
        applyCaptures(scopesAt, match, nameScopes, rule.beginCaptures ?? rule.captures);
        stack.push({
          rule,
          nameScopes,
          contentScopes: [...nameScopes, ...scopeNames(rule.contentName)],
          patterns: rule.patterns ?? [],
        });
      }
      pos = end;
    }
    return mergeTokens(line, scopesAt);
  }

  /** The match and begin/end rules reachable from `patterns`, includes resolved, in order. */
  private expand(patterns: RawRule[], seen: Set<string>): RawRule[] {
    const out: RawRule[] = [];
    for (const rule of patterns) {
      if (rule.include !== undefined) {
        if (seen.has(rule.include)) throw new Error(`include cycle through ${rule.include}`);
        const next = new Set(seen).add(rule.include);
        out.push(...this.expand([this.resolve(rule.include)], next));
      } else if (rule.while !== undefined) {
        throw new Error('begin/while rules are not supported');
      } else if (rule.match !== undefined || rule.begin !== undefined) {
        if (rule.begin !== undefined && rule.end === undefined) throw new Error(`begin without end: ${rule.begin}`);
        out.push(rule);
      } else {
        out.push(...this.expand(rule.patterns ?? [], seen));
      }
    }
    return out;
  }

  private resolve(include: string): RawRule {
    if (include === '$self' || include === '$base') return { patterns: this.grammar.patterns };
    const rule = include.startsWith('#') ? this.grammar.repository[include.slice(1)] : undefined;
    if (rule === undefined) throw new Error(`unresolvable include ${include}`);
    return rule;
  }
}

function search(source: string, text: string, pos: number): RegExpExecArray | null {
  const re = compile(source);
  re.lastIndex = pos;
  return re.exec(text);
}

function fill(scopesAt: string[][], from: number, to: number, scopes: string[]): void {
  for (let i = from; i < to; i++) scopesAt[i] = scopes;
}

// Capture 0 first, then groups in order: an outer group's number is lower than its inner groups'.
function applyCaptures(
  scopesAt: string[][],
  match: RegExpExecArray,
  base: string[],
  captures: Record<string, RawCapture> | undefined,
): void {
  const indices = match.indices as RegExpIndicesArray;
  fill(scopesAt, indices[0][0], indices[0][1], base);
  for (const [group, capture] of Object.entries(captures ?? {}).sort((a, b) => Number(a[0]) - Number(b[0]))) {
    if (capture.patterns !== undefined) throw new Error('capture patterns are not supported');
    const range = indices[Number(group)];
    if (range === undefined) continue;
    for (let i = range[0]; i < range[1]; i++) scopesAt[i] = [...scopesAt[i], ...scopeNames(capture.name)];
  }
}

function mergeTokens(line: string, scopesAt: string[][]): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < line.length; i++) {
    const last = tokens[tokens.length - 1];
    if (last !== undefined && last.scopes.join(' ') === scopesAt[i].join(' ')) last.text += line[i];
    else tokens.push({ text: line[i], scopes: scopesAt[i] });
  }
  return tokens;
}

const VARIABLE = 'variable.other.pearl';

function tokenizeOne(line: string, grammar = loadGrammar()): Token[] {
  return new Tokenizer(grammar).tokenize([line])[0];
}

/** The texts of the references on a line: runs of `variable.other.pearl` tokens, each from its `{`. */
function variableTexts(tokens: Token[]): string[] {
  const out: string[] = [];
  let previousWasVariable = false;
  for (const token of tokens) {
    const isVariable = token.scopes.includes(VARIABLE);
    const begins = token.scopes.includes('punctuation.definition.variable.begin.pearl');
    if (isVariable && previousWasVariable && !begins) out[out.length - 1] += token.text;
    else if (isVariable) out.push(token.text);
    previousWasVariable = isVariable;
  }
  return out;
}

const OBJ = ['source.pearl', 'meta.structure.dictionary.json'];
const KEY = [...OBJ, 'string.json', 'support.type.property-name.json'];
const VALUE = [...OBJ, 'meta.structure.dictionary.value.json'];
const STR = [...VALUE, 'string.quoted.double.json'];

test('a {first_name} reference inside a string value gets variable scopes, braces included', () => {
  assert.deepEqual(tokenizeOne('{"opening": "Hi {first_name}!"}'), [
    { text: '{', scopes: [...OBJ, 'punctuation.definition.dictionary.begin.json'] },
    { text: '"', scopes: [...KEY, 'punctuation.support.type.property-name.begin.json'] },
    { text: 'opening', scopes: KEY },
    { text: '"', scopes: [...KEY, 'punctuation.support.type.property-name.end.json'] },
    { text: ':', scopes: [...VALUE, 'punctuation.separator.dictionary.key-value.json'] },
    { text: ' ', scopes: VALUE },
    { text: '"', scopes: [...STR, 'punctuation.definition.string.begin.json'] },
    { text: 'Hi ', scopes: STR },
    { text: '{', scopes: [...STR, VARIABLE, 'punctuation.definition.variable.begin.pearl'] },
    { text: 'first_name', scopes: [...STR, VARIABLE] },
    { text: '}', scopes: [...STR, VARIABLE, 'punctuation.definition.variable.end.pearl'] },
    { text: '!', scopes: STR },
    { text: '"', scopes: [...STR, 'punctuation.definition.string.end.json'] },
    { text: '}', scopes: [...OBJ, 'punctuation.definition.dictionary.end.json'] },
  ]);
});

test('references are found in array strings, next to escapes, and with 1, hyphenated and 40-character ids', () => {
  const id40 = 'a'.repeat(40);
  const tokens = tokenizeOne(`["{a}", "x\\n{user-id}\\u00e9", "{${id40}}{b_2}"]`);
  assert.deepEqual(variableTexts(tokens), ['{a}', '{user-id}', `{${id40}}`, '{b_2}']);
  const escapes = tokens.filter((t) => t.scopes.includes('constant.character.escape.json')).map((t) => t.text);
  assert.deepEqual(escapes, ['\\n', '\\u00e9']);
  assert.ok(tokens.every((t) => t.scopes.includes('meta.structure.array.json')));
});

test('{ color: red }, {}, a 41-character id and ids with other characters are not references', () => {
  const id41 = 'a'.repeat(41);
  for (const value of ['{ color: red }', '{}', `{${id41}}`, '{first name}', '{first.name}', '{é}', '{a']) {
    const tokens = tokenizeOne(`{"script": ${JSON.stringify(value)}}`);
    assert.deepEqual(variableTexts(tokens), [], value);
    const string = tokens
      .filter((t) => t.scopes.includes('string.quoted.double.json'))
      .map((t) => t.text)
      .join('');
    assert.equal(string, JSON.stringify(value), value);
  }
});

test('the id length boundary follows the spec for every length from 1 to 45', () => {
  for (let length = 1; length <= 45; length++) {
    const id = 'x_-9'.repeat(12).slice(0, length);
    const found = variableTexts(tokenizeOne(`"{${id}}"`));
    assert.deepEqual(found, length <= 40 ? [`{${id}}`] : [], `length ${length}`);
  }
});

test('keys, comments, numbers and constants carry no variable scopes', () => {
  const keyTokens = tokenizeOne('{"{first_name}": 1}');
  assert.deepEqual(variableTexts(keyTokens), []);
  assert.deepEqual(keyTokens.find((t) => t.text === '{first_name}')?.scopes, KEY);

  const comment = tokenizeOne('// Hi {first_name}');
  assert.deepEqual(variableTexts(comment), []);
  assert.deepEqual(comment, [
    { text: '//', scopes: ['source.pearl', 'comment.line.double-slash.json', 'punctuation.definition.comment.json'] },
    { text: ' Hi {first_name}', scopes: ['source.pearl', 'comment.line.double-slash.json'] },
  ]);

  const literals = tokenizeOne('[0, -2.5e+3, true, false, null]');
  const scopeOf = (text: string): string | undefined => literals.find((t) => t.text === text)?.scopes.at(-1);
  assert.equal(scopeOf('0'), 'constant.numeric.json');
  assert.equal(scopeOf('-2.5e+3'), 'constant.numeric.json');
  for (const c of ['true', 'false', 'null']) assert.equal(scopeOf(c), 'constant.language.json');
  assert.equal(literals.filter((t) => t.text === ',').length, 4);
  assert.ok(literals.filter((t) => t.text === ',').every((t) => t.scopes.at(-1) === 'punctuation.separator.array.json'));
});

test('the rule stack carries across lines: block comments and nested objects', () => {
  const lines = new Tokenizer(loadGrammar()).tokenize([
    '/* {not_a_ref}',
    '   still {comment} */ {',
    '  "nodes": [ { "script": "Ask for {email}" } ] // end',
    '}',
  ]);
  assert.deepEqual(variableTexts(lines[0]), []);
  assert.ok(lines[0].every((t) => t.scopes.includes('comment.block.json')));
  assert.deepEqual(variableTexts(lines[1]), []);
  assert.equal(lines[1].at(-1)?.scopes.at(-1), 'punctuation.definition.dictionary.begin.json');
  assert.deepEqual(variableTexts(lines[2]), ['{email}']);
  const email = lines[2].find((t) => t.text === 'email');
  assert.deepEqual(email?.scopes, [
    ...VALUE,
    'meta.structure.array.json',
    ...OBJ.slice(1),
    'meta.structure.dictionary.value.json',
    'string.quoted.double.json',
    VARIABLE,
  ]);
  assert.equal(lines[2].at(-1)?.scopes.at(-1), 'comment.line.double-slash.json');
  assert.deepEqual(lines[3], [{ text: '}', scopes: [...OBJ, 'punctuation.definition.dictionary.end.json'] }]);
});

test('the harness is not vacuous: without the variable rule no reference is found', () => {
  const grammar = loadGrammar();
  const string = grammar.repository.string;
  const patterns = string.patterns ?? [];
  assert.ok(patterns.some((p) => p.include === '#variable'));
  const kept = patterns.filter((p) => p.include !== '#variable');
  string.patterns = kept;
  assert.deepEqual(variableTexts(tokenizeOne('"Hi {first_name}"', grammar)), []);
  kept.push({ include: '#variable' });
  delete grammar.repository.variable;
  assert.throws(() => tokenizeOne('"Hi {first_name}"', grammar), /unresolvable include #variable/);
});

test('every include resolves in the repository and every regex compiles', () => {
  const grammar = loadGrammar();
  assert.equal(grammar.scopeName, 'source.pearl');
  const includes: string[] = [];
  const regexes: string[] = [];
  const walk = (rule: RawRule): void => {
    if (rule.include !== undefined) includes.push(rule.include);
    for (const source of [rule.match, rule.begin, rule.end]) if (source !== undefined) regexes.push(source);
    for (const child of rule.patterns ?? []) walk(child);
  };
  for (const rule of grammar.patterns) walk(rule);
  for (const rule of Object.values(grammar.repository)) walk(rule);
  assert.ok(includes.length > 0);
  for (const include of includes) {
    const ok = include === '$self' || include === '$base' || (include.startsWith('#') && include.slice(1) in grammar.repository);
    assert.ok(ok, `unresolvable include ${include}`);
  }
  for (const source of regexes) assert.doesNotThrow(() => compile(source), source);
  assert.ok(regexes.length >= 10);
});
