import * as vscode from 'vscode';
import type { PearlContext } from '../pearlContext';
import { DeployCodeLensProvider } from './deployCodeLens';
import { deployCommand } from './deployCommand';
import { DeployDiagnostics } from './deployDiagnostics';
import { setApiToken, signOut } from './tokenCommands';

/**
 * The deploy feature (docs/rulings.md § Service: deploy means create): the commands `pearl.deploy`,
 * `pearl.setApiToken` and `pearl.signOut`, the "Deploy to NLPearl" code lens on `pearl` documents
 * and the `pearl-deploy` diagnostics of the service's 400 answers. Everything is disposed with `ctx`.
 */
export function registerDeploy(ctx: PearlContext): void {
  const diagnostics = new DeployDiagnostics();
  ctx.pushCleanup(diagnostics);
  const codeLens = new DeployCodeLensProvider(ctx.deployments);
  ctx.pushCleanup(codeLens);
  ctx.pushCleanup(vscode.languages.registerCodeLensProvider({ language: 'pearl' }, codeLens));
  ctx.registerCommand('deploy', deployCommand(diagnostics));
  ctx.registerCommand('setApiToken', setApiToken);
  ctx.registerCommand('signOut', signOut);
}
