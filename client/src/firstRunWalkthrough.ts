/**
 * The "Get started with Pearl" walkthrough on the extension's first activation.
 *
 * VS Code opens an extension's walkthrough when the extension is installed from the Extensions view
 * (`workbench.welcomePage.walkthroughs.openOnInstall`), but not when it was installed from a .vsix on
 * the command line, as `npm start` and most teams do: there the first walkthrough a new user sees is
 * VS Code's own. So the first time the extension activates in a profile, it opens its walkthrough,
 * under the same setting (off: never). It does so once per profile, whatever happens after.
 * See docs/user/editor.md § Start a Pearl.
 */

/** The walkthrough's id as `contributes.walkthroughs` declares it in package.json. */
export const walkthroughId = 'gettingStarted';

/** The profile-wide memento key that records the walkthrough was offered. */
export const walkthroughOfferedKey = 'pearl.walkthroughOffered';

/** What {@link offerWalkthroughOnce} needs from VS Code (injected, so it runs without VS Code). */
export interface WalkthroughHost {
  /** The extension's id, `publisher.name`. */
  readonly extensionId: string;
  /** `workbench.welcomePage.walkthroughs.openOnInstall` (VS Code's default: true). */
  readonly openOnInstall: boolean;
  /** The profile-wide memento (`ExtensionContext.globalState`). */
  readonly globalState: {
    get(key: string): unknown;
    update(key: string, value: unknown): Thenable<void>;
  };
  /** `vscode.commands.executeCommand`. */
  executeCommand(command: string, ...args: unknown[]): Thenable<unknown>;
}

/**
 * Opens the walkthrough when this profile has never been offered it and the user's setting allows
 * walkthroughs to open on install; records the offer first, so a failure never repeats it.
 * Resolves to whether it asked VS Code to open the walkthrough; never rejects.
 */
export async function offerWalkthroughOnce(host: WalkthroughHost): Promise<boolean> {
  if (!host.openOnInstall || host.globalState.get(walkthroughOfferedKey) === true) return false;
  try {
    await host.globalState.update(walkthroughOfferedKey, true);
    await host.executeCommand('workbench.action.openWalkthrough', `${host.extensionId}#${walkthroughId}`, false);
    return true;
  } catch {
    // A VS Code without the command, or a closed window: the walkthrough stays in Help > Welcome.
    return false;
  }
}
