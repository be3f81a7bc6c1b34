import { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver-types';
import { createDiagnostic, valueSpan } from '../diagnostics';
import { PearlDocument } from '../../document/pearlDocument';
import { getChannelValue, integerOf, JsonObject, JsonPath, objectElements } from './ruleSupport';
import { dayNames } from '../../interface/enumNames';
import { defineRules, interfaceSection, rulingsSection, type RuleModule } from '../ruleModule';

/** The codes of this family, in the order docs/rules.md lists them. */
const codes = defineRules('field rules', {
  callingHoursOrder: {
    code: 'calling-hours-order',
    severity: DiagnosticSeverity.Error,
    summary: 'A callingHours window whose start is not before its end.',
    section: interfaceSection('DayWorkingHours'),
    examples: {
      fails: `{
  "pearl": { "nodes": [] },
  "outbound": {
    "callingHours": [
      { "day": 1, "start": "18:00", "end": "09:00" }
    ]
  }
}`,
      passes: `{
  "pearl": { "nodes": [] },
  "outbound": {
    "callingHours": [
      { "day": 1, "start": "09:00", "end": "18:00" }
    ]
  }
}`,
    },
  },
  callingHoursOverlap: {
    code: 'calling-hours-overlap',
    severity: DiagnosticSeverity.Warning,
    summary: 'Two callingHours windows on the same day overlap.',
    section: interfaceSection('DayWorkingHours'),
    examples: {
      fails: `{
  "pearl": { "nodes": [] },
  "outbound": {
    "callingHours": [
      { "day": 3, "start": "09:00", "end": "13:00" },
      { "day": 3, "start": "12:00", "end": "17:00" }
    ]
  }
}`,
      passes: `{
  "pearl": { "nodes": [] },
  "outbound": {
    "callingHours": [
      { "day": 3, "start": "09:00", "end": "13:00" },
      { "day": 3, "start": "14:00", "end": "17:00" }
    ]
  }
}`,
    },
  },
  dateSpanFormat: {
    code: 'date-span-format',
    severity: DiagnosticSeverity.Error,
    summary: 'A date-span that is not hh:mm or hh:mm:ss within one day.',
    section: rulingsSection('Date spans'),
    examples: {
      fails: `{
  "pearl": { "nodes": [] },
  "outbound": {
    "callingHours": [
      { "day": 2, "start": "09:00", "end": "25:00" }
    ]
  }
}`,
      passes: `{
  "pearl": { "nodes": [] },
  "outbound": {
    "callingHours": [
      { "day": 2, "start": "09:00", "end": "23:59:59" }
    ]
  }
}`,
    },
  },
});

/** The calling hours rules: the codes above and their check. */
export const callingHoursRules: RuleModule<typeof codes> = { name: 'calling hours rules', rules: codes, check: validateCallingHoursRules };

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

/** A start or end that is a time of day: its text, its seconds since midnight, and where it is. */
interface TimeOfDay {
  readonly text: string;
  readonly seconds: number;
  readonly path: JsonPath;
}

/** A valid window: its index in callingHours, its start and end. */
interface Window {
  readonly index: number;
  readonly start: TimeOfDay;
  readonly end: TimeOfDay;
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
  for (const { value: item, index } of objectElements(getChannelValue(doc, 'outbound')?.callingHours)) {
    const start = readTime(doc, item, index, 'start', diagnostics);
    const end = readTime(doc, item, index, 'end', diagnostics);
    if (start === undefined || end === undefined) continue;
    if (start.seconds >= end.seconds) {
      diagnostics.push(
        createDiagnostic(
          doc,
          valueSpan(doc, end.path),
          codes.callingHoursOrder,
          `end ${end.text} is not after start ${start.text}: a window must end after it starts, within one day.`,
        ),
      );
      continue;
    }
    const day = integerOf(item.day);
    if (day === undefined) continue;
    let windows = windowsByDay.get(day);
    if (!windows) windowsByDay.set(day, (windows = []));
    windows.push({ index, start, end });
  }

  for (const [day, windows] of windowsByDay) {
    windows.sort((a, b) => a.start.seconds - b.start.seconds || a.index - b.index);
    let latest = windows[0]; // the window ending last among those seen
    for (let i = 1; i < windows.length; i++) {
      const window = windows[i];
      if (window.start.seconds < latest.end.seconds) {
        diagnostics.push(
          createDiagnostic(
            doc,
            valueSpan(doc, window.start.path),
            codes.callingHoursOverlap,
            `This window (${describeWindow(window)}) overlaps callingHours[${latest.index}] (${describeWindow(latest)}) on ${describeDay(doc, day)}.`,
          ),
        );
      }
      if (window.end.seconds > latest.end.seconds) latest = window;
    }
  }
}

/** The `field` of callingHours[`index`] (`item`) as a time of day; reports a string that is not one. */
function readTime(
  doc: PearlDocument,
  item: JsonObject,
  index: number,
  field: 'start' | 'end',
  diagnostics: Diagnostic[],
): TimeOfDay | undefined {
  const text = item[field];
  if (typeof text !== 'string') return undefined; // absent, null or wrong type: not checked here
  const seconds = parseTimeOfDay(text);
  const path = ['outbound', 'callingHours', index, field];
  if (seconds === undefined) {
    diagnostics.push(
      createDiagnostic(
        doc,
        valueSpan(doc, path),
        codes.dateSpanFormat,
        `${field} '${text}' is not a time of day (hh:mm or hh:mm:ss, 00:00 to 23:59:59).`,
      ),
    );
    return undefined;
  }
  return { text, seconds, path };
}

function describeWindow(window: Window): string {
  return `${window.start.text} to ${window.end.text}`;
}

function describeDay(doc: PearlDocument, day: number): string {
  // The simple form states no day values (docs/rulings.md § Values): name the day only in text Pearls.
  const name = doc.kind === 'text' ? dayNames[day] : undefined;
  return name === undefined ? `day ${day}` : `${name} (day ${day})`;
}
