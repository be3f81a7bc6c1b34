/**
 * What the call view shows of one call (docs/user/calls.md § The call view), computed on the host
 * without `vscode` and posted to the page as data: the header (statuses by name, times, duration,
 * transfer, sentiment), the summary, the transcript's turns (speaker, time, text), the collected
 * values beside the Pearl's declared variables (a value that does not fit its variable's type and
 * an id the file does not declare are marked), the tags with the file's names and colours, and the
 * recording when it is an https URL.
 *
 * Every text is the customer's words or the service's data: the page sets it as text, never as
 * HTML or Markdown. Texts are bounded here ({@link maxTurnChars} per turn, {@link maxTurnsShown}
 * turns), each cut said. Invisible characters are kept (the page isolates each text's direction);
 * only the one-line fields (numbers, names) are made plain.
 */

import type { CallDetail, CollectedValue } from '../api/pearlCallsApi';
import {
  assumedNames,
  callStatusName,
  conversationStatusName,
  sentimentName,
  speakerOf,
  type TurnSpeaker,
  variableGroupNames,
  variableTypeNames,
} from './callNames';
import { formatDuration, formatLocalTime, type TagInfo } from './callsTreeModel';
import type { DeclaredVariable, PearlFileFacts } from './pearlFileFacts';

/** Characters of one turn shown; the rest is said as "… N more characters". */
export const maxTurnChars = 10_000;

/** Turns shown; the rest is said. */
export const maxTurnsShown = 5000;

/** Characters of the summary shown. */
export const maxSummaryChars = 20_000;

/** Characters of a collected value shown. */
export const maxValueChars = 2000;

/** Characters of a one-line field (a number, a name, an id) shown. */
export const maxFieldChars = 200;

/** One header line: a label of the product's and a value from the call. */
export interface HeaderField {
  readonly label: string;
  readonly value: string;
  /** A note shown beside the value (e.g. that the names are assumed). */
  readonly note?: string;
}

/** One turn of the transcript. */
export interface TurnView {
  readonly speaker: TurnSpeaker;
  /** `Agent` or `Customer`. */
  readonly speakerLabel: string;
  /** `0:12` from the call's start (the unit, seconds, is assumed), or `''`. */
  readonly time: string;
  /** The words, at most {@link maxTurnChars} characters. */
  readonly text: string;
  /** Characters not shown. */
  readonly omittedChars: number;
}

/** One row of the collected-values table. */
export interface CollectedRow {
  readonly id: string;
  readonly name: string;
  /** The value as text (a string as is, anything else as JSON); `''` for a declared variable not collected. */
  readonly value: string;
  readonly collected: boolean;
  /** `PreCall`, `InCall`, `PostCall`, or `''` when the file does not declare the id. */
  readonly group: string;
  /** `String` … `DateTime` (`list of …`), or `''`. */
  readonly type: string;
  /** What is wrong, a sentence; undefined when nothing is. */
  readonly mark?: string;
}

/** One tag: its name (the file's, else the value), its colour class number (1..9) and a tooltip. */
export interface TagView {
  readonly label: string;
  readonly color?: number;
  readonly title: string;
}

/** Everything the page renders. Plain data (posted as JSON). */
export interface CallViewModel {
  /** The editor tab's title. */
  readonly title: string;
  readonly callId: string;
  readonly header: readonly HeaderField[];
  readonly summary?: string;
  /** Notes above the transcript: assumed names, what the answer lacked, where declarations come from. */
  readonly notes: readonly string[];
  readonly turns: readonly TurnView[];
  /** Turns not shown (the view's and the reader's cut). */
  readonly turnsOmitted: number;
  readonly collected: readonly CollectedRow[];
  readonly tags: readonly TagView[];
  /** The https recording URL; undefined when there is none or it is not https (`recordingNote` says which). */
  readonly recordingUrl?: string;
  readonly recordingNote?: string;
  /** Whether "Walk with this call's values" can run (a deployed file is known). */
  readonly canWalk: boolean;
  /** Where the declared variables come from, for the table's caption. */
  readonly declaredFrom?: string;
}

/**
 * The model of `call`. `facts` are the deployed file's (undefined when the workspace has no recorded
 * deployment of the call's Pearl: then nothing is marked undeclared); `fileLabel` names that file;
 * `problems` are what the reader could not use.
 */
export function buildCallViewModel(
  call: CallDetail,
  facts: PearlFileFacts | undefined,
  fileLabel: string | undefined,
  problems: readonly string[] = [],
): CallViewModel {
  const start = Date.parse(call.startTime ?? '');
  const ended =
    Number.isNaN(start) || call.duration === undefined ? undefined : formatLocalTime(new Date(start + call.duration * 1000).toISOString());
  const header: HeaderField[] = [
    { label: 'Conversation status', value: conversationStatusName(call.conversationStatus) },
    { label: 'Call status', value: callStatusName(call.status) },
    { label: 'Started', value: formatLocalTime(call.startTime) },
    ...(ended === undefined ? [] : [{ label: 'Ended', value: ended }]),
    { label: 'Duration', value: formatDuration(call.duration) },
    { label: 'From', value: field(call.from) },
    { label: 'To', value: field(call.to) },
    ...(call.name === undefined ? [] : [{ label: 'Name', value: field(call.name) }]),
    { label: 'Transferred', value: call.isCallTransferred === undefined ? 'not reported' : call.isCallTransferred ? 'Yes' : 'No' },
    { label: 'Sentiment', value: sentimentName(call.overallSentiment), note: 'assumed names' },
    { label: 'Call id', value: field(call.id) },
  ];
  const turns = call.transcript.slice(0, maxTurnsShown).map(turnView);
  const turnsOmitted = call.transcriptOmitted + Math.max(0, call.transcript.length - maxTurnsShown);
  const notes: string[] = [assumedNames.roles, assumedNames.sentiment];
  if (turnsOmitted > 0) notes.push(`${turnsOmitted} more turns of the transcript are not shown (at most ${maxTurnsShown}).`);
  if (call.collectedOmitted > 0) notes.push(`${call.collectedOmitted} more collected values are not shown.`);
  if (facts === undefined)
    notes.push('No file of this workspace was deployed as this Pearl: variables and tags are shown as the service sent them.');
  notes.push(...problems);
  const recording = recordingOf(call.recording);
  return {
    title: `Call ${formatLocalTime(call.startTime)}`,
    callId: call.id,
    header,
    ...(call.summary === undefined || call.summary === '' ? {} : { summary: cut(call.summary, maxSummaryChars).text }),
    notes,
    turns,
    turnsOmitted,
    collected: collectedRows(call.collectedInfo, facts),
    tags: call.tags.map((tag) => tagView(tag, facts?.tags)),
    ...recording,
    canWalk: facts !== undefined,
    ...(fileLabel === undefined ? {} : { declaredFrom: fileLabel }),
  };
}

function turnView(turn: CallDetail['transcript'][number]): TurnView {
  const speaker = speakerOf(turn.role);
  const { text, omitted } = cut(turn.content, maxTurnChars);
  return {
    speaker,
    speakerLabel: speaker === 'agent' ? 'Agent' : 'Customer',
    time: formatOffset(turn.startTime),
    text,
    omittedChars: omitted,
  };
}

/** `m:ss` (or `h:mm:ss`) of `seconds` from the call's start; `''` when absent or negative. */
export function formatOffset(seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '';
  const total = Math.floor(seconds);
  const s = String(total % 60).padStart(2, '0');
  if (total < 3600) return `${Math.floor(total / 60)}:${s}`;
  return `${Math.floor(total / 3600)}:${String(Math.floor((total % 3600) / 60)).padStart(2, '0')}:${s}`;
}

/**
 * The table rows: each collected value (with its declaration's group and type, marked when the
 * file does not declare its id or when the value does not fit the type), then each declared
 * variable with no value. Without `facts`, nothing is marked.
 */
export function collectedRows(collected: readonly CollectedValue[], facts: PearlFileFacts | undefined): CollectedRow[] {
  const declared = new Map((facts?.variables ?? []).map((variable) => [variable.id, variable]));
  const rows: CollectedRow[] = collected.map((item) => {
    const variable = declared.get(item.id);
    const value = cut(valueText(item.value), maxValueChars);
    const mark =
      facts === undefined
        ? undefined
        : variable === undefined
          ? 'Not declared in the Pearl file (it may be a platform variable).'
          : misfit(item.value, variable);
    return {
      id: field(item.id),
      name: field(item.name ?? variable?.name ?? ''),
      value: value.omitted > 0 ? `${value.text}… ${value.omitted} more characters` : value.text,
      collected: true,
      group: variable?.group === undefined ? '' : (variableGroupNames[variable.group] ?? `group ${variable.group}`),
      type: typeName(variable),
      ...(mark === undefined ? {} : { mark }),
    };
  });
  const seen = new Set(collected.map((item) => item.id));
  for (const variable of facts?.variables ?? []) {
    if (seen.has(variable.id)) continue;
    rows.push({
      id: field(variable.id),
      name: field(variable.name ?? ''),
      value: '',
      collected: false,
      group: variable.group === undefined ? '' : (variableGroupNames[variable.group] ?? `group ${variable.group}`),
      type: typeName(variable),
    });
  }
  return rows;
}

function typeName(variable: DeclaredVariable | undefined): string {
  if (variable?.type === undefined) return '';
  const name = variableTypeNames[variable.type] ?? `type ${variable.type}`;
  return variable.isList ? `list of ${name}` : name;
}

/** Why `value` does not fit `variable`'s type (and list-ness), or undefined when it fits or the type is unknown. */
export function misfit(value: unknown, variable: DeclaredVariable): string | undefined {
  if (variable.type === undefined || variableTypeNames[variable.type] === undefined || value === null) return undefined;
  const name = typeName(variable);
  if (variable.isList) {
    if (!Array.isArray(value)) return `Not a list, though the variable is a ${name}.`;
    return value.every((entry) => fitsType(entry, variable.type ?? 1))
      ? undefined
      : `An entry is not a ${variableTypeNames[variable.type]}.`;
  }
  if (Array.isArray(value)) return `A list, though the variable is a ${name}.`;
  return fitsType(value, variable.type) ? undefined : `Not a ${name} value.`;
}

/** Whether one value fits variable type 1 String … 7 DateTime (numbers and booleans may come as text). */
function fitsType(value: unknown, type: number): boolean {
  const text = typeof value === 'string' ? value.trim() : undefined;
  switch (type) {
    case 1:
      return typeof value === 'string';
    case 2:
      return (typeof value === 'number' && Number.isSafeInteger(value)) || (text !== undefined && /^[-+]?\d{1,19}$/.test(text));
    case 3:
      return (typeof value === 'number' && Number.isFinite(value)) || (text !== undefined && text !== '' && Number.isFinite(Number(text)));
    case 4:
      return typeof value === 'boolean' || (text !== undefined && /^(true|false)$/i.test(text));
    case 5:
      return text !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text));
    case 6:
      return text !== undefined && /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?$/.test(text);
    case 7:
      return text !== undefined && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(text) && !Number.isNaN(Date.parse(text));
    default:
      return true;
  }
}

/** A collected value as text: a string as is, anything else as JSON. */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    // Values come from JSON: they serialise again (undefined: nothing).
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/**
 * The walk's variables from the call's collected values: id → text ({@link valueText}), for the
 * declared ids only when `facts` are known (the walk knows only the file's variables). `left` counts
 * the values left out.
 */
export function walkVariablesOf(
  collected: readonly CollectedValue[],
  facts: PearlFileFacts | undefined,
): { variables: Record<string, string>; left: number } {
  const declared = facts === undefined ? undefined : new Set(facts.variables.map((variable) => variable.id));
  const variables: Record<string, string> = {};
  let left = 0;
  for (const item of collected) {
    if (declared !== undefined && !declared.has(item.id)) {
      left++;
      continue;
    }
    if (item.value === null || item.value === undefined) continue;
    variables[item.id] = valueText(item.value);
  }
  return { variables, left };
}

function tagView(tag: string, tags: ReadonlyMap<string, TagInfo> | undefined): TagView {
  const info = tags?.get(tag);
  if (info === undefined) {
    return { label: field(tag), title: tags === undefined ? `Tag ${field(tag)}` : `Tag ${field(tag)}: not declared in the Pearl file` };
  }
  return {
    label: field(info.name),
    ...(info.color === undefined ? {} : { color: info.color }),
    title: info.description === undefined ? `Tag ${field(tag)}` : `Tag ${field(tag)}: ${cut(info.description, maxFieldChars).text}`,
  };
}

/** The recording when it is an https URL; else a note why it cannot be opened. */
export function recordingOf(recording: string | undefined): { recordingUrl?: string; recordingNote?: string } {
  if (recording === undefined || recording.trim() === '') return { recordingNote: 'No recording.' };
  const url = httpsUrl(recording);
  return url === undefined ? { recordingNote: 'The recording is not an https address, so it is not offered.' } : { recordingUrl: url };
}

/** `text` as an https URL (normalised), or undefined when it is not one (any other scheme, credentials, invalid). */
export function httpsUrl(text: string): string | undefined {
  try {
    const url = new URL(text.trim());
    if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return undefined;
    return url.href;
  } catch {
    return undefined;
  }
}

/** A one-line field: line breaks as spaces, at most {@link maxFieldChars}. */
function field(text: string | undefined): string {
  if (text === undefined) return 'not reported';
  return cut(text.replace(/[\r\n\t]+/g, ' '), maxFieldChars).text;
}

/** `text` cut at `max` UTF-16 units (never inside a surrogate pair) and how many were left. */
function cut(text: string, max: number): { text: string; omitted: number } {
  if (text.length <= max) return { text, omitted: 0 };
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return { text: text.slice(0, end), omitted: text.length - end };
}
