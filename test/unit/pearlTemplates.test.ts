import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse as parseJson } from 'jsonc-parser';
import {
  getSchemaReference,
  parseTemplateManifest,
  relativeSchemaReference,
  templateManifestFile,
  toSnippetParts,
  withSchemaReference,
} from '../../client/src/newPearl/pearlTemplates';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { detectFormattingOptions } from '../../server/src/service/document/indentation';
import { isTemplatePlaceholder } from '../../server/src/service/document/templatePlaceholders';
import { parse, service } from '../helpers/documents';

const templatesDir = path.resolve(__dirname, '../../../templates');
const manifestFile = path.join(templatesDir, templateManifestFile);
const templates = parseTemplateManifest(fs.readFileSync(manifestFile, 'utf8'), manifestFile);
/** The text of `template`'s file, as the extension reads it. */
const readTemplateText = (dir: string, template: (typeof templates)[number]): string =>
  fs.readFileSync(path.join(dir, template.file), 'utf8');

/** The diagnostics of `text` as `Severity code message` lines, for readable failures. */
function problems(text: string): string[] {
  return service
    .doValidation(parse(text))
    .map((d) => `${['Error', 'Warning', 'Information', 'Hint'][(d.severity ?? 1) - 1]} ${d.code} ${d.message}`);
}

/** The text of each tab stop, by number, in the snippet `parts` make. */
function tabStopTexts(text: string, tabStops: Parameters<typeof toSnippetParts>[1]): Record<number, string> {
  return Object.fromEntries(
    toSnippetParts(text, tabStops)
      .filter((part) => part.tabStop !== undefined)
      .map((part) => [part.tabStop, part.text]),
  );
}

describe('templates/', () => {
  test('the manifest lists every template file once, and only those', () => {
    const files = fs.readdirSync(templatesDir).filter((name) => name !== templateManifestFile);
    assert.deepEqual(templates.map((template) => template.file).sort(), files.sort());
    assert.deepEqual(
      templates.map((template) => template.label),
      [
        'Text (blank)',
        'Simple voice (blank)',
        'Text inbound',
        'Text outbound',
        'Text with a pre-call API',
        'Simple voice inbound',
        'Simple voice outbound',
      ],
    );
  });

  test('the blank templates: a text Pearl of an entry node, one Dialogue and EndCall; a simple Pearl; no example company', () => {
    const byId = new Map(
      templates.map((template) => [template.id, parseJson(readTemplateText(templatesDir, template)) as Record<string, any>]),
    );
    const text = byId.get('text-blank');
    const voice = byId.get('voice-blank');
    assert.ok(text && voice);
    assert.deepEqual(
      text.pearl.nodes.map((node: { nodeType: number }) => node.nodeType),
      [2, 10, 100],
    );
    assert.deepEqual(Object.keys(voice.pearl).sort(), ['agents', 'flowScript', 'modelType', 'openingSentence']);
    for (const value of [text, voice]) {
      for (const key of ['companyName', 'companyDescription', 'knowledgeBase', 'agentPersonality'])
        assert.equal(value.pearl[key], undefined, key);
    }
  });

  test("every template is indented by 2 spaces, as the editor's defaults for Pearl files say (package.json configurationDefaults)", () => {
    const manifest = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../package.json'), 'utf8')) as {
      contributes: { configurationDefaults: Record<string, Record<string, unknown>> };
    };
    const defaults = manifest.contributes.configurationDefaults['[pearl]'];
    // A new Pearl is written before VS Code can detect its indentation (an empty untitled editor, then Save As):
    // without these it falls back to 4 spaces and every snippet and fix then indents by 4.
    assert.equal(defaults['editor.tabSize'], 2);
    assert.equal(defaults['editor.insertSpaces'], true);
    assert.notEqual(defaults['editor.detectIndentation'], false, "a file's own indentation still wins");
    for (const template of templates) {
      const options = detectFormattingOptions(readTemplateText(templatesDir, template));
      assert.deepEqual([template.file, options.insertSpaces, options.tabSize], [template.file, true, 2]);
    }
  });

  for (const template of templates) {
    const text = readTemplateText(templatesDir, template);

    test(`${template.file}: lints with no problem but a Warning on each placeholder, none once they are filled`, () => {
      const found = service.doValidation(parse(text));
      const placeholders = text.match(/"<[^"]*>"/g) ?? [];
      assert.ok(placeholders.length > 0, 'the template leaves its channel to fill in the placeholder form');
      assert.deepEqual(
        found.map((d) => `${d.code} ${d.severity}`),
        placeholders.map(() => `template-placeholder ${DiagnosticSeverity.Warning}`),
      );
      const channel = template.tabStops[template.tabStops.length - 1];
      const channelValue = toSnippetParts(text, [channel])[1].text;
      assert.ok(isTemplatePlaceholder(channelValue), `the channel tab stop holds ${channelValue}`);
      let filled = text;
      for (const [index, placeholder] of placeholders.entries()) filled = filled.replace(placeholder, `"filled ${index}"`);
      assert.deepEqual(problems(filled), []);
    });

    test(`${template.file}: the agent's name typed at its tab stop is typed in the greetings that use it too`, () => {
      const parts = toSnippetParts(text, template.tabStops, template.mirrors);
      assert.equal(parts.map((part) => part.text).join(''), text, 'the snippet gives back the template');
      const typed = parts.map((part) => (part.tabStop === 2 ? 'Luca' : part.text)).join('');
      const before = parseJson(text) as Record<string, any>;
      const after = parseJson(typed) as Record<string, any>;
      for (const mirror of template.mirrors) {
        const original = toSnippetParts(text, [template.tabStops[mirror.tabStop - 1]])[1].text;
        for (const jsonPath of mirror.in) {
          const was = jsonPath.reduce((value: any, key) => value[key], before) as string;
          const now = jsonPath.reduce((value: any, key) => value[key], after) as string;
          assert.ok(was.includes(`this is ${original}`) || was.includes(`it's ${original}`), was);
          assert.equal(now, was.split(original).join('Luca'), JSON.stringify(jsonPath));
        }
      }
      // Every greeting that says the agent's name is mirrored: the name is nowhere else in a sentence.
      const name = toSnippetParts(text, [template.tabStops[1]])[1].text;
      if (!isTemplatePlaceholder(name)) assert.ok(!new RegExp(`\\b${name}\\b`).test(typed), `${name} is left in ${template.file}`);
    });

    test(`${template.file}: is the kind and direction its label says, told by $schema`, () => {
      const doc = parse(text);
      const voice = template.label.startsWith('Simple voice');
      assert.equal(doc.kind, voice ? 'simple' : 'text');
      assert.equal(doc.kindSource, 'schema');
      assert.equal(getSchemaReference(text), voice ? '../schemas/simple-pearl.schema.json' : '../schemas/text-pearl.schema.json');
      const value = parseJson(text) as Record<string, unknown>;
      const direction = template.label.includes('outbound') ? 'outbound' : 'inbound';
      assert.ok(
        value[direction] !== undefined && value[direction === 'inbound' ? 'outbound' : 'inbound'] === undefined,
        `only ${direction}`,
      );
    });

    test(`${template.file}: the snippet gives back the template, tab stops on the name, the agent and the channel`, () => {
      const parts = toSnippetParts(text, template.tabStops);
      assert.equal(parts.map((part) => part.text).join(''), text);
      const value = parseJson(text) as {
        name: string;
        pearl: { agentName?: string; agents?: { name: string; voiceId: string }[] };
        inbound?: { textChannelId?: string; phoneNumberId?: string };
        outbound?: { textChannelId?: string; phoneNumberId?: string };
      };
      const channel = value.inbound ?? value.outbound;
      const expected =
        value.pearl.agents === undefined
          ? [value.name, value.pearl.agentName, channel?.textChannelId]
          : [value.name, value.pearl.agents[0].name, value.pearl.agents[0].voiceId, channel?.phoneNumberId];
      assert.deepEqual(tabStopTexts(text, template.tabStops), Object.fromEntries(expected.map((item, index) => [index + 1, item])));
      // The first tab stop (where the cursor lands) is the Pearl's name, on line 3.
      const first = parts.findIndex((part) => part.tabStop === 1);
      const before = parts
        .slice(0, first)
        .map((part) => part.text)
        .join('');
      assert.ok(before.endsWith('\n  "name": "'), JSON.stringify(before.slice(-20)));
    });

    test(`${template.file}: still clean with the $schema a new file gets (relative path or bare file name)`, () => {
      const schemaFileName = path.posix.basename(getSchemaReference(text) ?? '');
      for (const reference of [schemaFileName, `../../schemas/${schemaFileName}`]) {
        const moved = withSchemaReference(text, reference);
        assert.equal(getSchemaReference(moved), reference);
        assert.equal(moved.replace(reference, ''), text.replace(getSchemaReference(text) ?? '', ''), 'only $schema changed');
        assert.deepEqual(problems(moved), problems(text));
        assert.equal(parse(moved).kindSource, 'schema');
      }
    });
  }
});

describe('toSnippetParts', () => {
  const text = '{\n  "name": "Price: $5 {per} \\"month\\"",\n  "pearl": { "agents": [{ "name": "" }] }\n}\n';

  test('numbers the tab stops in the order given, whatever their place in the file', () => {
    assert.deepEqual(toSnippetParts(text, [['pearl', 'agents', 0, 'name'], ['name']]), [
      { text: '{\n  "name": "' },
      { text: 'Price: $5 {per} \\"month\\"', tabStop: 2 },
      { text: '",\n  "pearl": { "agents": [{ "name": "' },
      { text: '', tabStop: 1 },
      { text: '" }] }\n}\n' },
    ]);
  });

  test('a path that is not a string value of the template is refused, naming the path', () => {
    assert.throws(() => toSnippetParts(text, [['pearl']]), /\["pearl"\] is not a string value/);
    assert.throws(() => toSnippetParts(text, [['missing']]), /\["missing"\] is not a string value/);
  });
});

describe('relativeSchemaReference', () => {
  test('the relative path to the schema found in the workspace, with forward slashes', () => {
    const root = path.resolve('/work/agents');
    assert.equal(
      relativeSchemaReference(path.join(root, 'support'), path.join(root, 'schemas', 'text-pearl.schema.json'), 'text-pearl.schema.json'),
      '../schemas/text-pearl.schema.json',
    );
    assert.equal(
      relativeSchemaReference(root, path.join(root, 'schemas', 'text-pearl.schema.json'), 'text-pearl.schema.json'),
      './schemas/text-pearl.schema.json',
    );
  });

  test('the bare file name when the workspace has no copy of the schema', () => {
    assert.equal(relativeSchemaReference('/work/agents', undefined, 'simple-pearl.schema.json'), 'simple-pearl.schema.json');
  });
});
