import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { deployChoices, previousLabel, type PreviousPearl } from '../../client/src/deploy/deployPlan';
import { deployedMessage, describeFailure } from '../../client/src/deploy/deployMessages';
import { describeDeploy } from '../../client/src/deploy/deployConfirmation';
import { fileNameProblem, maxFileNameLength } from '../../client/src/newPearl/fileNameCheck';
import { markdownText, maxLabelLength, maxNotificationLength, plainLabel, plainLines, plainText } from '../../client/src/userText';
import type { DeployPayload } from '#protocol/pearlRequests';
import { assertRendersLiterally, hostileStrings } from '../helpers/markdown';
import { repositoryRoot as repoRoot } from '../helpers/paths';

/** VS Code's own test for a link in a notification (vs/base/common/linkedText.ts, parseLinkedText). */
const notificationLink = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/gi;
/** How a quick pick, a tree item and the status bar find an icon (vs/base/common/iconLabels.ts). */
const icon = /(?<!\\)\$\([A-Za-z0-9-]+(?:~[A-Za-z]+)?\)/;

const hostile = [
  '[x](command:workbench.action.quit)',
  'Front [desk](https://evil.test "t") and [b](file:///etc/passwd)',
  '**bold** $(zap) $(sync~spin) `code`',
  'two\nlines\r\nand\ttab',
  'right-to-left \u202eevil\u202c, zero\u200bwidth, line\u2028separator, bom\ufeff',
  ...hostileStrings,
];

/** What a notification shows: the text, and any command or link VS Code would make of it. */
function linksIn(text: string): string[] {
  return [...text.matchAll(notificationLink)].map((match) => match[2]);
}

describe('plainText: every string from a file or the service, as the user sees it', () => {
  for (const text of hostile) {
    test(`no link, no icon, one line, nothing invisible: ${JSON.stringify(text).slice(0, 50)}`, () => {
      const plain = plainText(text);
      assert.deepEqual(linksIn(plain), []);
      assert.doesNotMatch(plain, icon);
      assert.doesNotMatch(plain, /[\r\n\t\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/);
      // Nothing is lost: the text comes back once the inserted zero-width spaces and the \\uXXXX forms are undone.
      const back = plain.replace(/\u200b/g, '').replace(/\\u([0-9A-F]{4})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      assert.equal(back.replace(/[ \r\n\t]/g, ''), text.replace(/[ \r\n\t]/g, ''));
      assert.equal(plainText(plain), plain, 'a second pass changes nothing');
    });
  }

  test('the text stays as written: a link is broken by a zero-width space, bidi shown as \\uXXXX', () => {
    assert.equal(plainText('[x](command:workbench.action.quit)'), '[x]\u200b(command:workbench.action.quit)');
    assert.equal(plainText('a $(zap) b'), 'a $\u200b(zap) b');
    assert.equal(plainText('a\u202eb\nc'), 'a\\u202Eb c');
    assert.equal(plainText('a\u200b(b'), 'a\\u200B(b', 'a zero-width space of the input is shown');
  });

  test('cut at the limit with …, never inside a surrogate pair', () => {
    assert.equal(plainText('x'.repeat(5000)).length, maxNotificationLength);
    assert.equal(plainText(`${'x'.repeat(8)}😀😀`, 10), `${'x'.repeat(8)}…`);
  });

  test('plainLines keeps line breaks (a modal dialog shows them) and breaks links', () => {
    assert.equal(plainLines('a\r\n[x](command:y)\u202e'), 'a\n[x]\u200b(command:y)\\u202E');
  });

  test('markdownText renders exactly the plain text: no link, autolink, entity, emphasis, list or heading', () => {
    for (const text of [...hostile, '1. first &amp; https://evil.test www.evil.test', '# h', '<b>x</b>']) {
      assertRendersLiterally(markdownText(text), plainText(text));
    }
  });
});

describe('what deploy says quotes the file and the service as plain text', () => {
  const payload: DeployPayload = {
    kind: 'text',
    path: '/v2/Pearl/Text',
    body: '{}',
    name: '[x](command:workbench.action.quit)\n\u202eevil',
    direction: 'inbound',
    channelId: '[c](command:workbench.action.quit)',
    errors: [],
    placeholders: [],
    droppedKeys: [],
    version: 1,
  };
  const previous: PreviousPearl = {
    record: {
      uri: 'file:///a.pearl.json',
      pearlId: '[id](command:x)',
      time: '2025-01-01T00:00:00Z',
      contentHash: '',
      baseUrl: 'https://a',
      kind: 'text',
      action: 'created',
    },
    state: 'exists',
    name: '[n](command:workbench.action.quit) $(zap)',
    status: 1,
  };

  test('the created message, a failure, the confirmation and the buttons hold no link or icon once shown', () => {
    const hostileId = '[x](command:workbench.action.quit)';
    const shown = [
      plainText(deployedMessage(plainText(payload.name ?? '', 80), hostileId, false)),
      plainText(describeFailure({ ok: false, kind: 'http', status: 502, message: 'Bad [gateway](command:x)\nnext' }, 30, false).message),
      plainText(describeDeploy(payload, 'https://a', 'h', previous, false, deployChoices('text', previous)).message),
      plainLines(describeDeploy(payload, 'https://a', 'h', previous, false, deployChoices('text', previous)).detail),
      ...deployChoices('text', previous).map((choice) => choice.button),
      previousLabel(previous),
    ];
    for (const text of shown) {
      assert.deepEqual(linksIn(text), [], text);
      assert.doesNotMatch(text, icon, text);
      assert.doesNotMatch(text, /[\u202a-\u202e]/, text);
    }
    assert.match(
      shown[0],
      /^Created Pearl \[x\]\u200b\(command:workbench\.action\.quit\) \\u202Eevil \(id \[x\]\u200b\(command:workbench\.action\.quit\)\)$/,
    );
  });
});

describe('every notification goes through notify.ts', () => {
  test('no file of client/src calls vscode.window.show*Message but notify.ts', () => {
    const found: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (
          /\.ts$/.test(entry.name) &&
          entry.name !== 'notify.ts' &&
          /window\s*\.\s*show(Information|Warning|Error)Message\b/.test(fs.readFileSync(file, 'utf8'))
        )
          found.push(path.relative(repoRoot, file));
      }
    };
    walk(path.join(repoRoot, 'client', 'src'));
    assert.deepEqual(found, []);
  });
});

describe('one plain-text sanitiser: userText.ts', () => {
  test('plainLabel is plainText cut at the label length, spaces at either end dropped', () => {
    assert.equal(plainLabel(`  ${'a'.repeat(500)}`), `${'a'.repeat(maxLabelLength - 1)}…`);
    assert.equal(plainLabel(' Front [desk](command:pearl.signOut)\u202e\n'), 'Front [desk]\u200b(command:pearl.signOut)\\u202E');
  });

  test('no other file rewrites control, bidi or zero-width characters, nor defines its own plainText', () => {
    const found: string[] = [];
    const sanitiser = /\.replace\(\s*\/[^\n]*(\\p\{C[cfs]\}|\\u200[bB]|\\u202[eE])|function (plainText|noLinks|showInvisible)\b/;
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.ts$/.test(entry.name) && sanitiser.test(fs.readFileSync(file, 'utf8'))) found.push(path.relative(repoRoot, file));
      }
    };
    for (const dir of ['client/src', 'server/src', 'protocol']) walk(path.join(repoRoot, dir));
    assert.deepEqual(found, [path.join('client', 'src', 'userText.ts')]);
  });
});

describe('New Pearl: the file name', () => {
  test('names Windows reserves, invisible characters and names over 200 characters are refused', () => {
    for (const name of ['CON', 'nul', 'Com1', 'LPT9.draft', 'aux.pearl', 'CONIN$'])
      assert.match(fileNameProblem(name) ?? '', /Windows reserves/, name);
    for (const name of ['a\u202eb', 'zero\u200bwidth', 'line\u2028break', 'para\u2029graph', 'bom\ufeff'])
      assert.match(fileNameProblem(name) ?? '', /invisible characters/, JSON.stringify(name));
    assert.match(fileNameProblem('x'.repeat(maxFileNameLength + 1)) ?? '', /at most 200 characters/);
    assert.equal(fileNameProblem('x'.repeat(maxFileNameLength)), undefined);
    for (const name of ['front-desk', 'Console', 'confirm', 'nul-hypothesis', 'Réception'])
      assert.equal(fileNameProblem(name), undefined, name);
    assert.match(fileNameProblem('a.') ?? '', /end with a dot/);
  });
});
