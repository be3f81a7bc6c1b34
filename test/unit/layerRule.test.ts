// The layer map of docs/dev/architecture.md, as `npm run lint` checks it: the project's own ESLint
// configuration (eslint.config.mjs, import-x's no-restricted-paths) run on a file placed in a layer.
// Only the layer rule runs, without type information, so the file need not exist on disk.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { ESLint } from 'eslint';
import { repositoryRoot } from '../helpers/paths';

const layerRule = 'import-x/no-restricted-paths';

const eslint = new ESLint({
  cwd: repositoryRoot,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === layerRule,
});

/** The messages ESLint reports for `code` as the file at `file` (relative to the repository root). */
async function lint(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repositoryRoot, file) });
  return result.messages.map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`);
}

test('a document/ module importing a feature is refused, with the layer it crossed and the map to read', async () => {
  const messages = await lint(
    'server/src/service/document/layerProbe.ts',
    "import { getHover } from '../features/hover';\nexport const probe = getHover;\n",
  );
  assert.deepEqual(messages, [
    `${layerRule}: Unexpected path "../features/hover" imported in restricted zone. ` +
      'document/ (the parse) imports no other folder of the service. (docs/dev/architecture.md § The layer map)',
  ]);
});

test('a rule importing a feature is refused however deep the rule and whether the import is of types or values', async () => {
  const messages = await lint(
    'server/src/service/rules/variables/layerProbe.ts',
    "import type { PearlHover } from '../../features/hover';\nimport { getHover } from '../../features/hover';\nexport const probe: PearlHover | typeof getHover | undefined = undefined;\n",
  );
  assert.equal(messages.length, 2, messages.join('\n'));
  for (const message of messages) assert.match(message, /restricted zone\. The rules sit below the features/);
});

test('the graph page importing the extension, the protocol importing the service, an edit importing a feature and the extension importing the server are refused', async () => {
  assert.deepEqual(await lint('client/src/graphPreview/webview/layerProbe.ts', "export { computeGraphUpdate } from '../graphUpdate';\n"), [
    `${layerRule}: Unexpected path "../graphUpdate" imported in restricted zone. The graph page imports protocol/ only. (docs/dev/architecture.md § The layer map)`,
  ]);
  const protocol = await lint('protocol/layerProbe.ts', "export { isJsonObject } from '../server/src/service/document/jsonValue';\n");
  assert.match(protocol.join('\n'), /protocol\/ is shared by every side and imports nothing of the project/);
  const edits = await lint('server/src/service/edits/layerProbe.ts', "export { validateNewName } from '../features/references';\n");
  assert.match(edits.join('\n'), /The graph edits do not import the editor features/);
  const client = await lint(
    'client/src/graphPreview/layerProbe.ts',
    "export { isJsonObject } from '../../../server/src/service/document/jsonValue';\n",
  );
  assert.match(client.join('\n'), /The extension talks to the server over the protocol/);
});

test('imports the map allows pass: within document/, a rule on interface/, a feature on rules/, the page and the extension on protocol/', async () => {
  const legal: [string, string][] = [
    ['server/src/service/document/layerProbe.ts', "export { spanToRange } from './textSpan';\n"],
    ['server/src/service/rules/variables/layerProbe.ts', "export { getPearlSymbolAt } from '../../interface/pearlSymbols';\n"],
    ['server/src/service/features/layerProbe.ts', "export { createDiagnostic } from '../rules/diagnostics';\n"],
    ['client/src/graphPreview/webview/layerProbe.ts', "export { applyGraphChanges } from '#protocol/graphChanges';\n"],
    ['client/src/graphPreview/layerProbe.ts', "export { detectPearlKind } from '#protocol/pearlKind';\n"],
  ];
  for (const [file, code] of legal) assert.deepEqual(await lint(file, code), [], `${file}: ${code}`);
});

test('the map has no exception: rename and the walks host reach the walks through the layers above them', async () => {
  const walksRename = "export { planWalksRenames } from '../walks/walksRename';\n";
  assert.equal(
    (await lint('server/src/service/features/references.ts', walksRename)).length,
    1,
    "rename plans the Pearl's edits; the service's entry adds the walks files' (pearlLanguageService.ts renameWithWalks)",
  );
  const indentation = "export { detectFormattingOptions } from '../../../../server/src/service/document/indentation';\n";
  assert.equal(
    (await lint('client/src/graphPreview/walk/walkHost.ts', indentation)).length,
    1,
    'the walks host applies the edit the server plans (pearl/saveWalk)',
  );
});
