import * as vscode from 'vscode';
import { type PearlSummary } from '../api/pearlAccountApi';
import { checkBaseUrl, isPlausiblePearlId } from '../api/pearlApiClient';
import type { PearlContext } from '../pearlContext';
import { checkWorkspaceTrust } from '../trust/workspaceTrust';
import type { PearlsView } from './pearlsView';
import { type PearlsRow, statusName } from './pearlsTreeModel';
import { plainLabel } from '../userText';
import { showError, showInformation } from '../notify';

/**
 * How a command of the Pearls view ended; the command resolves to it (for tests and other
 * commands): `done` (with what it produced), `refused` (nothing sent: Restricted Mode, base URL,
 * no Pearl), `cancelled` (the user said no) or `failed` (the service or the network said no).
 */
export type PearlCommandOutcome =
  | { readonly status: 'done'; readonly pearlStatus?: number; readonly uri?: string }
  | { readonly status: 'refused' | 'cancelled'; readonly reason: string }
  | { readonly status: 'failed'; readonly kind: string; readonly httpStatus?: number; readonly message: string };

/** What a command acts on and with: the service, the token, the Pearl. */
export interface PearlTarget {
  readonly baseUrl: string;
  readonly token: string;
  readonly pearl: PearlSummary;
  /** How messages name it: `"Name" (id)`, plain text. */
  readonly label: string;
}

/** How long a request of the view's commands may take, in milliseconds. */
export const commandTimeoutMs = 15_000;

/**
 * The checks every command of the view makes before sending anything, in this order: the workspace
 * is trusted (else it says why), `pearl.api.baseUrl` is usable, a Pearl is given (a row of the view,
 * a Pearl id, or one picked from the view's list, limited by `pick`), a token is stored or entered.
 * Resolves to the target, or to the outcome of a refusal already told to the user.
 */
export async function resolveTarget(
  ctx: PearlContext,
  view: PearlsView,
  arg: unknown,
  pick: { title: string; filter?: (pearl: PearlSummary) => boolean },
): Promise<PearlTarget | PearlCommandOutcome> {
  if (!checkWorkspaceTrust('pearlsView')) return { status: 'refused', reason: 'workspace not trusted' };
  const baseUrl = ctx.config.apiBaseUrl;
  const checked = checkBaseUrl(baseUrl);
  if (!checked.ok) {
    void showError(`Nothing sent: the setting pearl.api.baseUrl is not usable. ${checked.message}`);
    return { status: 'refused', reason: 'base URL refused' };
  }
  const pearl = await pearlOf(view, arg, pick);
  if (pearl === undefined) return { status: 'cancelled', reason: 'no Pearl chosen' };
  const token = await ctx.tokens.getOrPrompt('The Pearls view needs the bearer token of your NLPearl account (AccountId:SecretKey).');
  if (token === undefined) return { status: 'cancelled', reason: 'no token' };
  return { baseUrl, token, pearl, label: labelOf(pearl) };
}

/** `"Name" (id)`, each part plain text ({@link plainLabel}: no link, no icon); `(id)` alone without a name. */
export function labelOf(pearl: PearlSummary): string {
  const name = pearl.name?.trim();
  return name ? `"${plainLabel(name)}" (${plainLabel(pearl.id)})` : `(${plainLabel(pearl.id)})`;
}

/** The Pearl of a row or an id; else the one picked from the listed Pearls that pass `filter`. */
async function pearlOf(
  view: PearlsView,
  arg: unknown,
  pick: { title: string; filter?: (pearl: PearlSummary) => boolean },
): Promise<PearlSummary | undefined> {
  if (isRow(arg) && arg.pearl !== undefined) return arg.pearl;
  if (typeof arg === 'string' && isPlausiblePearlId(arg.trim())) return view.findRow(arg.trim())?.pearl ?? { id: arg.trim() };
  const pearls = view.currentRows.map((row) => row.pearl).filter((pearl): pearl is PearlSummary => pearl !== undefined);
  const candidates = pick.filter === undefined ? pearls : pearls.filter(pick.filter);
  if (candidates.length === 0) {
    void showInformation(
      pearls.length === 0
        ? 'The Pearls view has not listed any Pearl yet: open the Pearls view (and set your API token) first.'
        : `No Pearl of the list fits "${pick.title}".`,
    );
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(
    candidates.map((pearl) => ({
      // A quick pick draws `$(name)` as an icon: plainLabel keeps a name's text as written.
      label: pearl.name?.trim() ? plainLabel(pearl.name) : '(no name)',
      description: `${plainLabel(pearl.id)} · ${statusName(pearl.status)}`,
      pearl,
    })),
    { title: pick.title, matchOnDescription: true },
  );
  return picked?.pearl;
}

function isRow(value: unknown): value is PearlsRow {
  return typeof value === 'object' && value !== null && 'kind' in value && 'id' in value && 'label' in value;
}
