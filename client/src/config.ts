import * as vscode from 'vscode';
import { readMaxItemsComputed } from '#protocol/outlineLimit';

/** The configuration section every Pearl setting lives under (`pearl.*`); synchronized to the server. */
export const configSection = 'pearl';

/** Default of `pearl.api.baseUrl` (NLPearl's public API, docs/rulings.md § Service). */
export const defaultApiBaseUrl = 'https://api.nlpearl.ai';

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

  /**
   * `pearl.api.baseUrl` (scope application), without a trailing slash. Read from the user
   * (global) value only: a workspace or folder value is ignored even if present, so a cloned
   * repository cannot send the token elsewhere (docs/rulings.md § Service).
   */
  get apiBaseUrl(): string {
    const inspected = this.section().inspect<string>('api.baseUrl');
    const value = inspected?.globalValue ?? inspected?.defaultValue ?? defaultApiBaseUrl;
    return value.trim().replace(/\/+$/, '');
  }

  /** `pearl.ongoingCalls.pollSeconds`: seconds between polls, at least 5 (default 10). */
  get ongoingCallsPollSeconds(): number {
    const value = this.section().get<number>('ongoingCalls.pollSeconds', 10);
    return Number.isFinite(value) ? Math.max(5, value) : 10;
  }

  /** `pearl.pearlsView.refreshSeconds`: seconds between two readings of the Pearls view, 5 to 3600 (default 30). */
  get pearlsViewRefreshSeconds(): number {
    const value = this.section().get<number>('pearlsView.refreshSeconds', 30);
    return Number.isFinite(value) ? Math.min(3600, Math.max(5, value)) : 30;
  }

  /** `pearl.deploy.timeoutSeconds`: seconds before a deploy request is abandoned (default 30, at least 1). */
  get deployTimeoutSeconds(): number {
    const value = this.section().get<number>('deploy.timeoutSeconds', 30);
    return Number.isFinite(value) ? Math.max(1, value) : 30;
  }

  /** `pearl.inlayHints.enabled`: whether enumeration names and toNodeId targets show as inlay hints (default true). */
  get inlayHintsEnabled(): boolean {
    return this.section().get<boolean>('inlayHints.enabled', true) !== false;
  }

  /**
   * `pearl.maxItemsComputed`: the most symbols the server puts in an outline (default 5,000; a value
   * that is not a whole number from 0 counts as the default, as the server reads it).
   */
  get maxItemsComputed(): number {
    return readMaxItemsComputed(this.section().get<unknown>('maxItemsComputed'));
  }

  private section(): vscode.WorkspaceConfiguration {
    return vscode.workspace.getConfiguration(configSection);
  }
}
