/**
 * What VS Code for the Web (vscode.dev, github.dev: the web worker extension host) turns off, and
 * the words that say so. It imports nothing from `vscode`, like trust/restrictedMode.ts.
 *
 * Deploy, the Pearls view and the ongoing-calls status bar send requests to the Pearl Agent
 * Service. From the web host, they would be sent by the browser from the page's origin
 * (vscode.dev), another site than the service's: the browser lets the extension read the answer
 * only if the service allows that origin (CORS), and docs/interface.md documents no such
 * allowance. Rather than fail on every request with a network error, they are off on the web.
 */

/** A feature that calls the Pearl Agent Service, as in trust/restrictedMode.ts. */
export type ServiceFeature = 'deploy' | 'ongoingCalls' | 'pearlsView';

/** Why `feature` does nothing in VS Code for the Web, in plain sentences for a notification or a view. */
export function webUnavailableReason(feature: ServiceFeature): string {
  const what: Record<ServiceFeature, string> = {
    deploy: 'Deploy is off in VS Code for the Web',
    ongoingCalls: 'The ongoing-calls count is off in VS Code for the Web',
    pearlsView: 'The Pearls view is off in VS Code for the Web',
  };
  return (
    `${what[feature]}: the browser would send the request to the Pearl Agent Service from this web page's site, ` +
    'and the service does not say it accepts requests from other sites. Use VS Code on the desktop for it. ' +
    'Every language feature, the graph preview and New Pearl work here.'
  );
}
