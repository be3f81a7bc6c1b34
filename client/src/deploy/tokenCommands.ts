import type { CmdFactory } from '../pearlContext';
import { showInformation } from '../notify';

/**
 * `pearl.setApiToken` ("Pearl: Set API Token"): asks for the bearer token (docs/interface.md
 * § Authentication; `AccountId:SecretKey`, docs/rulings.md § Service) in a password box and keeps it in
 * the secret storage. Resolves to true when a token was stored.
 */
export const setApiToken: CmdFactory = (ctx) => async () => {
  const token = await ctx.tokens.prompt();
  if (token === undefined) return false;
  void showInformation('Pearl API token saved in the secret storage.');
  return true;
};

/**
 * `pearl.signOut` ("Pearl: Sign Out"): deletes the token from the secret storage and says so.
 * Resolves to true when there was a token to delete.
 */
export const signOut: CmdFactory = (ctx) => async () => {
  const had = (await ctx.tokens.get()) !== undefined;
  await ctx.tokens.delete();
  void showInformation(had ? 'Signed out: the Pearl API token was removed from the secret storage.' : 'No Pearl API token was stored.');
  return had;
};
