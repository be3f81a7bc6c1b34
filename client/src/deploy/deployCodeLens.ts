import * as vscode from 'vscode';
import { liveScheme } from '../pearlsView/liveDocuments';
import { restrictedModeReason } from '../trust/restrictedMode';
import { formatTime } from './deployConfirmation';
import type { DeploymentStore } from './deploymentStore';
import { plainText } from '../userText';

/**
 * The code lenses on the first line of a `pearl` document (none on the read-only live documents): "Deploy to NLPearl" (`pearl.deploy` on
 * this file) and, when the file has a recorded deployment, "Last deployed <time> as <id>", which
 * watches that Pearl's ongoing calls (`pearl.watchOngoingCalls`). Refreshed on each new deployment
 * and when the workspace becomes trusted: in Restricted Mode the first lens reads "Deploy is off in
 * Restricted Mode" (the command then says why).
 */
export class DeployCodeLensProvider implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  /** Fires when a deployment is recorded, so the "Last deployed" lens is redrawn. */
  readonly onDidChangeCodeLenses = this.changeEmitter.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly deployments: DeploymentStore) {
    this.subscriptions = [
      deployments.onDidAdd(() => this.changeEmitter.fire()),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.changeEmitter.fire()),
    ];
  }

  /** The lenses of `document`, both on line 0. */
  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    // A Pearl's live settings (read-only, from the Pearls view) are not a file to deploy.
    if (document.uri.scheme === liveScheme) return [];
    const range = new vscode.Range(0, 0, 0, 0);
    const deploy = vscode.workspace.isTrusted
      ? { title: '$(cloud-upload) Deploy to NLPearl', tooltip: 'Create a new, live Pearl from this file (Pearl: Deploy)' }
      : { title: '$(workspace-untrusted) Deploy is off in Restricted Mode', tooltip: restrictedModeReason('deploy') };
    const lenses = [new vscode.CodeLens(range, { ...deploy, command: 'pearl.deploy', arguments: [document.uri] })];
    const latest = this.deployments.latestFor(document.uri);
    if (latest) {
      lenses.push(
        new vscode.CodeLens(range, {
          title: `Last deployed ${formatTime(latest.time)} as ${plainText(latest.pearlId)}`,
          tooltip: plainText(`Created ${latest.pearlId} at ${latest.baseUrl} on ${latest.time}. Click to watch its ongoing calls.`),
          command: 'pearl.watchOngoingCalls',
          arguments: [latest.pearlId],
        }),
      );
    }
    return lenses;
  }

  dispose(): void {
    while (this.subscriptions.length > 0) this.subscriptions.pop()?.dispose();
    this.changeEmitter.dispose();
  }
}
