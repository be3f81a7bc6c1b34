import * as vscode from 'vscode';
import {
  isFeatureEnabled,
  manageWorkspaceTrustCommand,
  manageWorkspaceTrustLabel,
  restrictedModeReason,
  type TokenFeature,
} from './restrictedMode';
import { showWarning } from '../notify';

/**
 * Whether `feature` may run now (`vscode.workspace.isTrusted`, see `restrictedMode.ts`). When it may
 * not, says why in a warning with a "Manage Workspace Trust" button, and returns false.
 */
export function checkWorkspaceTrust(feature: TokenFeature): boolean {
  if (isFeatureEnabled(feature, vscode.workspace.isTrusted)) return true;
  void showWarning(restrictedModeReason(feature), manageWorkspaceTrustLabel).then((answer) => {
    if (answer === manageWorkspaceTrustLabel) void vscode.commands.executeCommand(manageWorkspaceTrustCommand);
  });
  return false;
}
