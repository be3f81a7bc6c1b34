import * as vscode from 'vscode';
import type { CmdFactory } from './pearlContext';

/**
 * `pearl.showRuleDocumentation`, the command of the "Show documentation for <code>" quick fix the
 * language server offers on each Pearl diagnostic (server/src/service/features/quickFixes/disableActions.ts):
 * opens its one argument, the diagnostic's entry in docs/rules.md, in the browser. Anything but an
 * https address (the command has no palette entry; another extension could still call it) is ignored.
 */
export const showRuleDocumentation: CmdFactory = () => async (href: unknown) => {
  if (typeof href !== 'string' || !href.startsWith('https://')) return;
  await vscode.env.openExternal(vscode.Uri.parse(href, true));
};
