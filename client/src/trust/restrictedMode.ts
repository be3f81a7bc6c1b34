/**
 * What Restricted Mode (VS Code's workspace trust) turns off, and the words that say so. It imports
 * nothing from `vscode`: the commands and the status bar read `vscode.workspace.isTrusted` and ask
 * here what to do and say.
 *
 * The package manifest declares `capabilities.untrustedWorkspaces` as `limited`: the language
 * server (diagnostics, completion, hover, formatting) and the graph preview read the file only and
 * keep working. The features that send the API token to the service (deploy, the Pearls view and
 * its commands, and the ongoing-calls status bar) need a trusted workspace: a cloned folder must not make the extension send requests
 * with the user's token without the user first trusting it.
 */

/** A feature that sends the API token to the service. */
export type TokenFeature = 'deploy' | 'ongoingCalls' | 'pearlsView';

/** VS Code's command that opens the workspace trust editor. */
export const manageWorkspaceTrustCommand = 'workbench.trust.manage';

/** The label of the button (or menu item) that runs {@link manageWorkspaceTrustCommand}. */
export const manageWorkspaceTrustLabel = 'Manage Workspace Trust';

/** Whether `feature` may run in a workspace whose trust is `trusted`: only in a trusted one. */
export function isFeatureEnabled(_feature: TokenFeature, trusted: boolean): boolean {
  return trusted;
}

/** Why `feature` does nothing in Restricted Mode, in one or two plain sentences for a notification or a tooltip. */
export function restrictedModeReason(feature: TokenFeature): string {
  const reasons: Record<TokenFeature, string> = {
    deploy: 'Deploy is turned off in Restricted Mode: it sends this file and your API token to the service.',
    ongoingCalls: 'The ongoing-calls count is turned off in Restricted Mode: reading it sends your API token to the service.',
    pearlsView:
      'The Pearls view is turned off in Restricted Mode: listing, running, pausing and reading Pearls sends your API token to the service.',
  };
  const what = reasons[feature];
  return `${what} Trust this workspace to use it.`;
}
