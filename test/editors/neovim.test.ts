// The Neovim 0.7 snippet of docs/user/other-editors.md (vim.lsp.start_client), run by a real headless Neovim against the
// built server (dist/server.js as `pearl-language-server` on PATH): the diagnostics it shows and a
// completion after `{`. CI installs Debian's Neovim (.ci/run); elsewhere the test is skipped, saying
// so, when there is no `nvim`.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { repositoryRoot, serverBundle } from '../helpers/lspClient';

const nvimFound = spawnSync('nvim', ['--version'], { encoding: 'utf8' }).status === 0;
// CI must run it: there a missing Neovim is a failure, not a skip.
const skip = nvimFound || process.env.CI ? false : "nvim is not installed (CI installs Debian's neovim)";

const pearl = `{
  "pearl": {
    "agentName": "Ava",
    "modelType": 11,
    "nodes": [
      { "nodeId": "open", "name": "Open", "nodeType": 2, "script": "Hello {",
        "transitions": [{ "name": "Next", "toNodeId": "end" }, { "name": "Lost", "toNodeId": "nowhere" }] },
      { "nodeId": "end", "name": "End", "nodeType": 100, "transitions": [] }
    ]
  },
  "variables": [{ "id": "first_name", "name": "First name", "group": 1, "type": 1 }],
  "inbound": { "textChannelId": "channel-1", "totalAgents": 1 }
}
`;

/** The Lua block of docs/user/other-editors.md that starts with `-- pearl: Neovim 0.7`. */
function docsSnippet(): string {
  const page = fs.readFileSync(path.join(repositoryRoot, 'docs', 'user', 'other-editors.md'), 'utf8');
  const match = /```lua\n(-- pearl: Neovim 0\.7\n[\s\S]*?)```/.exec(page);
  assert.ok(match, 'docs/user/other-editors.md has the Neovim 0.7 snippet');
  return match[1];
}

test(
  'Neovim 0.7 with the snippet of docs/user/other-editors.md: diagnostics and a { completion from the server',
  { skip, timeout: 120_000 },
  () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pearl-nvim-'));
    try {
      const bin = path.join(work, 'bin');
      fs.mkdirSync(bin);
      fs.writeFileSync(path.join(bin, 'pearl-language-server'), `#!/bin/sh\nexec "${process.execPath}" "${serverBundle}" "$@"\n`, {
        mode: 0o755,
      });
      const file = path.join(work, 'flow.pearl.json');
      fs.writeFileSync(file, pearl);
      const resultFile = path.join(work, 'result.json');
      const position = TextDocument.create('file:///x', 'pearl', 1, pearl).positionAt(pearl.indexOf('Hello {') + 'Hello {'.length);
      const driver = `
vim.cmd('edit ' .. vim.fn.fnameescape(${JSON.stringify(file)}))
local result = { diagnostics = {}, completion = {} }
vim.wait(30000, function() return #vim.diagnostic.get(0) > 0 end, 50)
for _, d in ipairs(vim.diagnostic.get(0)) do
  local lsp = (d.user_data and d.user_data.lsp) or {}
  table.insert(result.diagnostics, { code = d.code or lsp.code, line = d.lnum, message = d.message })
end
local params = { textDocument = vim.lsp.util.make_text_document_params(), position = { line = ${position.line}, character = ${position.character} },
  context = { triggerKind = 2, triggerCharacter = '{' } }
local responses = vim.lsp.buf_request_sync(0, 'textDocument/completion', params, 30000) or {}
for _, response in pairs(responses) do
  local items = response.result and (response.result.items or response.result) or {}
  for _, item in ipairs(items) do table.insert(result.completion, item.label) end
end
vim.fn.writefile({ vim.fn.json_encode(result) }, ${JSON.stringify(resultFile)})
vim.cmd('qa!')
`;
      const init = path.join(work, 'init.lua');
      fs.writeFileSync(init, `${docsSnippet()}\n${driver}`);
      const nvim = spawnSync('nvim', ['--headless', '-n', '-i', 'NONE', '--noplugin', '-u', init], {
        cwd: work,
        env: {
          ...process.env,
          PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
          XDG_CONFIG_HOME: work,
          XDG_DATA_HOME: work,
          XDG_STATE_HOME: work,
        },
        encoding: 'utf8',
        timeout: 100_000,
      });
      assert.ok(fs.existsSync(resultFile), `Neovim wrote no result (exit ${nvim.status}): ${nvim.stderr}${nvim.stdout}`);
      const result = JSON.parse(fs.readFileSync(resultFile, 'utf8')) as {
        diagnostics: { code: string; line: number; message: string }[];
        completion: string[];
      };
      const unknownTarget = result.diagnostics.find((d) => d.code === 'unknown-target');
      assert.ok(unknownTarget, JSON.stringify(result.diagnostics));
      assert.equal(unknownTarget.line, pearl.slice(0, pearl.indexOf('"nowhere"')).split('\n').length - 1);
      assert.match(unknownTarget.message, /nowhere/);
      assert.ok(
        result.completion.some((label) => label.includes('first_name')),
        JSON.stringify(result.completion),
      );
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  },
);
