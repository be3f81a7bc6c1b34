import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { describe, it } from 'mocha';
import * as vscode from 'vscode';
import { exampleUri, pearlExtension, waitFor } from './helpers';
import { writeReport } from './report';

/** The extension's exports (PearlExtensionApi in client/src/extension.ts). */
interface PearlApi {
  readonly extensionMode: vscode.ExtensionMode;
  /** Which extension host runs the extension: `node` here (the web pass checks `web`). */
  readonly hostKind: string;
  isServerRunning(): boolean;
}

// Runs first (index.ts orders it so): nothing has opened a *.pearl.json before it.
describe('activation', () => {
  it('is not active before a *.pearl.json is opened (no startup activation)', () => {
    assert.equal(pearlExtension().isActive, false);
  });

  it('activates when a *.pearl.json is opened: active, its exports given, the language server running', async () => {
    const extension = pearlExtension();
    const openedAt = performance.now();
    const document = await vscode.workspace.openTextDocument(exampleUri('clinic-reminders.pearl.json'));
    assert.equal(document.languageId, 'pearl');
    await waitFor('the extension to activate (onLanguage:pearl)', () => extension.isActive, { intervalMs: 5 });
    // activate() resolves once the language server has answered `initialize`.
    const activationMs = Math.round(performance.now() - openedAt);
    assert.equal(extension.isActive, true);
    const api = extension.exports as PearlApi | undefined;
    assert.ok(api, 'activate() returned no exports');
    assert.deepEqual(
      Object.keys(api).sort(),
      ['extensionMode', 'hostKind', 'isServerRunning'],
      'the exports are the narrow PearlExtensionApi',
    );
    assert.equal(api.hostKind, 'node', 'the Node extension host runs the extension');
    assert.equal(api.isServerRunning(), true, 'the language client is not running');
    const registered = (await vscode.commands.getCommands(true)).filter((command) => command.startsWith('pearl.'));
    console.log(`    activation: ${activationMs} ms (open → activate() resolved); commands: ${registered.join(', ')}`);
    writeReport({ activationMs, extensionPath: extension.extensionPath, vscodeVersion: vscode.version, commands: registered });
  });

  it('once active, every command of contributes.commands is registered', async () => {
    const extension = pearlExtension();
    assert.equal(extension.isActive, true, 'the previous test activates the extension');
    const manifest = extension.packageJSON as { contributes?: { commands?: { command: string }[] } };
    const contributed = (manifest.contributes?.commands ?? []).map((entry) => entry.command);
    assert.ok(contributed.length > 0, 'the installed package.json contributes no command');
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.deepEqual(
      contributed.filter((command) => !registered.has(command)),
      [],
      'contributed in package.json but not registered by the extension',
    );
  });

  it('is the installed .vsix, running in production mode', () => {
    // The harnesses install the packaged .vsix and say where (PEARL_E2E_EXTENSIONS_DIR).
    const extensionsDir = process.env.PEARL_E2E_EXTENSIONS_DIR;
    assert.ok(extensionsDir, 'the harness says where it installed the .vsix (PEARL_E2E_EXTENSIONS_DIR)');
    const extension = pearlExtension();
    assert.equal(path.dirname(extension.extensionPath), path.resolve(extensionsDir), 'not loaded from the extensions folder');
    const api = extension.exports as PearlApi;
    assert.equal(api.extensionMode, vscode.ExtensionMode.Production);
    assert.equal(Object.keys(api).includes('tokens'), false, 'the exports reach no secret');
  });
});
