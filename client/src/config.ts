import * as vscode from 'vscode';

/** The configuration section every Pearl setting lives under (`pearl.*`); synchronized to the server. */
export const configSection = 'pearl';

/**
 * Values of the `pearl.trace.server` setting (scope window): how much of the LSP traffic between
 * VS Code and the server is written to the "Pearl" output channel. The language client reads the
 * setting itself, because the client id is `pearl`.
 */
export type TraceServer = 'off' | 'messages' | 'verbose';

/**
 * Typed getters over the `pearl` settings, read fresh on every access so a changed setting needs no
 * reload. Each getter falls back to the default declared in package.json's `contributes.configuration`.
 */
export class PearlConfig {
  /** `pearl.trace.server`; `'off'` when unset or set to a value outside the enum. */
  get traceServer(): TraceServer {
    const value = this.section().get<string>('trace.server');
    return value === 'messages' || value === 'verbose' ? value : 'off';
  }

  private section(): vscode.WorkspaceConfiguration {
    return vscode.workspace.getConfiguration(configSection);
  }
}
