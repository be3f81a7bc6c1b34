import { Diagnostic } from 'vscode-languageserver-types';
import { DiagnosticCode } from '../diagnosticCodes';
import { createDiagnostic } from '../diagnostics';
import { getObjectItems, getPropertyNode, JsonNode } from '../jsonTree';
import { PearlDocument } from '../pearlDocument';
import { getChannelObject, getIntegerValue, Located } from './ruleSupport';
import { dayNames } from '../enumNames';

/** DayWorkingHours.day names of the text form (docs/interface.md § DayWorkingHours). */

const timeOfDayPattern = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/**
 * Parses a `date-span` within one day (docs/rulings.md § Values: a .NET TimeSpan, `hh:mm` or
 * `hh:mm:ss`, 00:00 to 23:59:59; a single-digit hour is accepted as .NET does). Returns the
 * seconds since midnight, or undefined when the text is not such a time of day.
 */
export function parseTimeOfDay(text: string): number | undefined {
  const match = timeOfDayPattern.exec(text);
  if (!match) return undefined;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  const seconds = match[3] === undefined ? 0 : Number(match[3]);
  if (hours > 23 || minutes > 59 || seconds > 59) return undefined;
  return hours * 3600 + minutes * 60 + seconds;
}

/** A valid window: its start and end in seconds since midnight, with their value nodes. */
interface Window {
  readonly index: number;
  readonly start: Located<number>;
  readonly end: Located<number>;
}

/**
 * `outbound.callingHours` of either form (docs/interface.md § DayWorkingHours: start "must be
 * before end"; docs/rulings.md § Values).
 *
 * - `date-span-format` (Error, on the value): a start or end that is not a time of day;
 * - `calling-hours-order` (Error, on the end value): end not after start;
 * - `calling-hours-overlap` (Warning, on the later window's start): two valid windows of the same
 *   day overlap (windows that only touch do not). Sorted per day: O(n log n).
 */
export function validateCallingHoursRules(doc: PearlDocument, diagnostics: Diagnostic[]): void {
  const windowsByDay = new Map<number, Window[]>();
  getObjectItems(getChannelObject(doc, 'outbound'), 'callingHours').forEach((item, index) => {
    const start = readTime(doc, 'start', getPropertyNode(item, 'start'), diagnostics);
    const end = readTime(doc, 'end', getPropertyNode(item, 'end'), diagnostics);
    if (start === undefined || end === undefined) return;
    if (start.value >= end.value) {
      diagnostics.push(
        createDiagnostic(
          doc,
          end.node,
          DiagnosticCode.callingHoursOrder,
          `end ${end.node.value as string} is not after start ${start.node.value as string}: a window must end after it starts, within one day.`,
        ),
      );
      return;
    }
    const day = getIntegerValue(getPropertyNode(item, 'day'));
    if (day === undefined) return;
    let windows = windowsByDay.get(day);
    if (!windows) windowsByDay.set(day, (windows = []));
    windows.push({ index, start, end });
  });

  for (const [day, windows] of windowsByDay) {
    windows.sort((a, b) => a.start.value - b.start.value || a.index - b.index);
    let latest = windows[0]; // the window ending last among those seen
    for (let i = 1; i < windows.length; i++) {
      const window = windows[i];
      if (window.start.value < latest.end.value) {
        diagnostics.push(
          createDiagnostic(
            doc,
            window.start.node,
            DiagnosticCode.callingHoursOverlap,
            `This window (${describeWindow(window)}) overlaps callingHours[${latest.index}] (${describeWindow(latest)}) on ${describeDay(doc, day)}.`,
          ),
        );
      }
      if (window.end.value > latest.end.value) latest = window;
    }
  }
}

/** A start or end as seconds since midnight with its node; reports a string that is not a time of day. */
function readTime(
  doc: PearlDocument,
  field: 'start' | 'end',
  node: JsonNode | undefined,
  diagnostics: Diagnostic[],
): Located<number> | undefined {
  if (node?.type !== 'string') return undefined; // absent, null or wrong type: not checked here
  const text = node.value as string;
  const seconds = parseTimeOfDay(text);
  if (seconds === undefined) {
    diagnostics.push(
      createDiagnostic(
        doc,
        node,
        DiagnosticCode.dateSpanFormat,
        `${field} '${text}' is not a time of day (hh:mm or hh:mm:ss, 00:00 to 23:59:59).`,
      ),
    );
    return undefined;
  }
  return { value: seconds, node };
}

function describeWindow(window: Window): string {
  return `${window.start.node.value as string} to ${window.end.node.value as string}`;
}

function describeDay(doc: PearlDocument, day: number): string {
  // The simple form states no day values (docs/rulings.md § Values): name the day only in text Pearls.
  const name = doc.kind === 'text' ? dayNames[day] : undefined;
  return name === undefined ? `day ${day}` : `${name} (day ${day})`;
}
