/**
 * The check before an update in place (docs/rulings.md § Service: "Update in place must not lose a
 * change made on the service since the last deployment"): before PUT /v2/Pearl/{id}, the live
 * settings (GET /v2/Pearl/{id}/Settings) are compared with what this workspace deployed, as
 * recorded in the deployment store; when they differ, or when that cannot be told, the user is
 * asked (update anyway, open the diff, cancel), never overwritten silently. It imports nothing from
 * `vscode`: the deploy command passes the modal and the diff editor in.
 *
 * The comparison is semantic, on the fields an update overwrites ({@link updatedFields}): object
 * keys in any order and any letter case (ASP.NET reads and writes them so), and a property that is
 * null, an empty array or an empty object counts as absent (the settings answer writes unset
 * fields as null or leaves them out). Everything else counts: a changed string, number or array
 * entry is a change.
 */

import { type ApiCallOptions, getPearlSettings, type PearlSettingsResult } from '../api/pearlAccountApi';
import { isRecord } from '../api/pearlApiClient';
import { sha256Hex } from '../contentHash';
import type { DeploymentRecord } from './deploymentStore';

/** The top-level fields of the simple create request, which PUT /v2/Pearl/{id} replaces (docs/public-reference.md). */
export const updatedFields: readonly string[] = ['name', 'pearl', 'variables', 'inbound', 'outbound'];

/** Largest comparable form kept in a record to name the changed fields, in UTF-8 bytes (64 KiB); above, only its hash is kept. */
export const maxRecordedBodyBytes = 64 * 1024;

/** Most changed fields the question names; the rest are counted. */
export const maxFieldsNamed = 10;

/**
 * `value` (a create request or a settings answer) as compared: only {@link updatedFields} at the
 * top (matched in any letter case), every object key in lower case and sorted, and every null,
 * empty array and empty object left out at any depth (array entries keep their places: a null
 * entry stays null).
 */
export function comparableValue(value: unknown): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  if (!isRecord(value)) return result;
  const picked: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (updatedFields.includes(key.toLowerCase())) picked[key] = item;
  const normalized = normalize(picked);
  return isRecord(normalized) ? normalized : result;
}

/** The JSON text of {@link comparableValue}: equal texts mean equal settings. */
export function comparableJson(value: unknown): string {
  return JSON.stringify(comparableValue(value));
}

function normalize(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return value.length === 0 ? undefined : value.map((item) => normalize(item) ?? null);
  if (!isRecord(value)) return value;
  const entries = Object.entries(value)
    .map(([key, item]) => [key.toLowerCase(), normalize(item)] as const)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.length === 0 ? undefined : Object.fromEntries(entries);
}

/**
 * What a deployment record keeps of the sent `body` (the strict JSON of the request) to compare
 * with the live settings later: the SHA-256 of its {@link comparableJson}, and that text itself
 * when it is at most {@link maxRecordedBodyBytes}. `{}` when `body` is not JSON.
 */
export async function recordOfSent(body: string): Promise<{ settingsHash?: string; settingsBody?: string }> {
  let value: unknown;
  try {
    value = JSON.parse(body) as unknown;
  } catch {
    return {};
  }
  const text = comparableJson(value);
  const settingsHash = await sha256Hex(text);
  return new TextEncoder().encode(text).length <= maxRecordedBodyBytes ? { settingsHash, settingsBody: text } : { settingsHash };
}

/** One field that differs, with how: `changed`, `added` or `removed` on the service. */
export interface ChangedField {
  /** A JSON path with the live settings' own key spelling where it has one, e.g. `pearl.openingSentence`, `variables[2]`. */
  readonly path: string;
  readonly how: 'changed' | 'added' | 'removed';
}

/**
 * The fields where `live` (a settings answer) differs from `recorded` (a {@link comparableValue}),
 * in document order, descending into objects and into arrays of the same length.
 */
export function changedFields(recorded: unknown, live: unknown): ChangedField[] {
  const changes: ChangedField[] = [];
  walk(recorded, liveComparable(live), '', changes);
  return changes;
}

/** `live` as {@link comparableValue}, but its object keys keep their spelling (for naming paths). */
function liveComparable(live: unknown): unknown {
  const keep = (value: unknown): unknown => {
    if (value === null || value === undefined) return undefined;
    if (Array.isArray(value)) return value.length === 0 ? undefined : value.map((item) => keep(item) ?? null);
    if (!isRecord(value)) return value;
    const entries = Object.entries(value)
      .map(([key, item]) => [key, keep(item)] as const)
      .filter(([, item]) => item !== undefined);
    return entries.length === 0 ? undefined : Object.fromEntries(entries);
  };
  if (!isRecord(live)) return {};
  return keep(Object.fromEntries(Object.entries(live).filter(([key]) => updatedFields.includes(key.toLowerCase())))) ?? {};
}

function walk(recorded: unknown, live: unknown, path: string, changes: ChangedField[]): void {
  if (recorded === undefined && live === undefined) return;
  if (recorded === undefined) return void changes.push({ path, how: 'added' });
  if (live === undefined) return void changes.push({ path, how: 'removed' });
  if (isRecord(recorded) && isRecord(live)) {
    const liveKeys = new Map(Object.keys(live).map((key) => [key.toLowerCase(), key]));
    const keys = [...new Set([...Object.keys(recorded), ...liveKeys.keys()])];
    for (const key of keys) {
      const name = liveKeys.get(key) ?? key;
      walk(
        recorded[key],
        liveKeys.has(key) ? live[liveKeys.get(key) as string] : undefined,
        path === '' ? name : `${path}.${name}`,
        changes,
      );
    }
    return;
  }
  if (Array.isArray(recorded) && Array.isArray(live) && recorded.length === live.length) {
    recorded.forEach((item, index) => walk(item ?? undefined, live[index] ?? undefined, `${path}[${index}]`, changes));
    return;
  }
  if (JSON.stringify(recorded) !== JSON.stringify(normalize(live))) changes.push({ path, how: 'changed' });
}

/**
 * What the live settings say of the recorded deployment:
 * - `same`: they equal what was deployed: the update may go on without a question;
 * - `changed`: they differ; `fields` names the differences when the record keeps the deployed form;
 * - `unrecorded`: the record (made by an earlier version) keeps nothing to compare with;
 * - `unreadable`: GET Settings failed; `note` says how (one sentence, no token).
 */
export type LiveCheck =
  | { readonly state: 'same' }
  | { readonly state: 'changed'; readonly fields?: readonly ChangedField[] }
  | { readonly state: 'unrecorded' }
  | { readonly state: 'unreadable'; readonly note: string };

/** Reads the live settings of `record`'s Pearl and compares them with the record. Never rejects. */
export async function checkLive(
  record: DeploymentRecord,
  options: ApiCallOptions,
  readSettings: (options: ApiCallOptions & { pearlId: string }) => PromiseLike<PearlSettingsResult> = getPearlSettings,
): Promise<LiveCheck> {
  const result = await readSettings({ ...options, pearlId: record.pearlId });
  if (!result.ok) return { state: 'unreadable', note: result.message };
  if (record.settingsHash === undefined) return { state: 'unrecorded' };
  if ((await sha256Hex(comparableJson(result.settings))) === record.settingsHash) return { state: 'same' };
  if (record.settingsBody === undefined) return { state: 'changed' };
  let recorded: unknown;
  try {
    recorded = JSON.parse(record.settingsBody) as unknown;
  } catch {
    return { state: 'changed' };
  }
  return { state: 'changed', fields: changedFields(recorded, result.settings) };
}

/** The button that sends the update after all. */
export const updateAnywayButton = 'Update Anyway';
/** The button that shows the live settings beside the file and sends nothing. */
export const openDiffButton = 'Open Diff';
/** The button that reads the live settings again after they could not be read. */
export const readAgainButton = 'Read Again';

/**
 * The modal question for `check` (undefined for `same`: nothing to ask). `label` names the Pearl
 * (`"Desk" (p1)`). The buttons are {@link openDiffButton} first (so Enter sends nothing), then
 * {@link updateAnywayButton}; the modal's own Cancel answers Escape. When the settings could not be
 * read there is no diff to open: {@link readAgainButton} first, then {@link updateAnywayButton}.
 */
export function liveQuestion(
  check: LiveCheck,
  label: string,
  pearlId: string,
): { message: string; detail: string; buttons: string[] } | undefined {
  const lost = 'Updating replaces the live settings with the file, so a change made on the service since would be lost.';
  const diff = `${openDiffButton} shows the live settings beside the file; nothing is sent.`;
  switch (check.state) {
    case 'same':
      return undefined;
    case 'unreadable':
      return {
        message: `The live settings of ${label} could not be read, so whether they were changed on the service is not known. Update anyway?`,
        detail: `GET /v2/Pearl/${pearlId}/Settings failed: ${check.note}\n\n${lost}`,
        buttons: [readAgainButton, updateAnywayButton],
      };
    case 'unrecorded':
      return {
        message: `Whether ${label} was changed on the service cannot be told. Update anyway?`,
        detail: `This file's deployment was recorded by an earlier version of the extension, which kept nothing to compare the live settings with.\n\n${lost}\n${diff}`,
        buttons: [openDiffButton, updateAnywayButton],
      };
    case 'changed': {
      const fields = check.fields ?? [];
      const named = fields
        .slice(0, maxFieldsNamed)
        .map((field) => `  ${field.path === '' ? '(the whole value)' : field.path}: ${field.how} on the service`);
      const more = fields.length - named.length;
      const list =
        check.fields === undefined
          ? ['The deployment is too large to keep a copy, so the changed fields cannot be named.']
          : ['Changed on the service since this workspace deployed it:', ...named, ...(more > 0 ? [`  and ${more} more`] : [])];
      return {
        message: `${label} was changed on the service since this workspace deployed it. Update it anyway and lose those changes?`,
        detail: [...list, '', lost, diff].join('\n'),
        buttons: [openDiffButton, updateAnywayButton],
      };
    }
  }
}

/** What {@link guardUpdate} needs: the Pearl, the call options, and the user interface. */
export interface UpdateGuard {
  readonly record: DeploymentRecord;
  /** How messages name the Pearl, `"Desk" (p1)`. */
  readonly label: string;
  readonly options: ApiCallOptions;
  /** Asks a modal question; resolves to the button chosen, undefined when cancelled. */
  ask(message: string, detail: string, ...buttons: string[]): PromiseLike<string | undefined>;
  /** Shows the live settings beside the file (Compare with file). */
  openDiff(): PromiseLike<unknown>;
  /** GET Settings; {@link getPearlSettings} unless a test gives another. */
  readSettings?: (options: ApiCallOptions & { pearlId: string }) => PromiseLike<PearlSettingsResult>;
}

/**
 * Whether the update in place may be sent: yes when the live settings equal the deployed ones or
 * the user chose {@link updateAnywayButton}; otherwise no, with the reason (`live settings changed`,
 * `live settings unknown`, `diff opened`). {@link readAgainButton} reads and compares again. Never rejects but for a rejection of `ask` or `openDiff`.
 */
export async function guardUpdate(
  guard: UpdateGuard,
): Promise<{ proceed: true; check: LiveCheck } | { proceed: false; reason: string; check: LiveCheck }> {
  let check: LiveCheck;
  let answer: string | undefined;
  do {
    check = await checkLive(guard.record, guard.options, guard.readSettings);
    const question = liveQuestion(check, guard.label, guard.record.pearlId);
    if (question === undefined) return { proceed: true, check };
    answer = await guard.ask(question.message, question.detail, ...question.buttons);
  } while (answer === readAgainButton); // each round is the user's click
  if (answer === updateAnywayButton) return { proceed: true, check };
  if (answer === openDiffButton) {
    await guard.openDiff();
    return { proceed: false, reason: 'diff opened', check };
  }
  return { proceed: false, reason: check.state === 'unreadable' ? 'live settings unknown' : 'live settings changed', check };
}
