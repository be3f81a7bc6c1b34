/**
 * The values a walks file gives variables (`variables`, `set`) checked against each variable's
 * `type` (docs/interface.md § DataSettings: 1 String, 2 Long, 3 Double, 4 Boolean, 5 DateOnly,
 * 6 TimeOnly, 7 DateTime): a value of the wrong type is `walk-value-type`, a Warning (the walk
 * still runs with the text as given; docs/user/walks.md § Diagnostics).
 */
import type { Diagnostic } from 'vscode-languageserver-types';
import { isJsonObject } from '../document/jsonValue';
import type { PearlDocument } from '../document/pearlDocument';
import { variableTypeNames } from '../interface/enumNames';
import { quote } from '../interface/messageText';
import { diagnosticSource } from '../rules/diagnostics';
import { spanToRange, valueSpan } from '../document/pathSpans';
import { walkRules } from './walkCodes';
import type { WalkInput } from '#protocol/walkTypes';

/** What a value of each checked type looks like, as the message says it. */
const typeForms: Readonly<Record<number, { readonly test: (text: string) => boolean; readonly form: string }>> = {
  2: { test: (text) => /^[-+]?\d+$/.test(text.trim()), form: 'a whole number, such as 4' },
  3: { test: (text) => text.trim() !== '' && Number.isFinite(Number(text)), form: 'a number, such as 4.5' },
  4: { test: (text) => /^(true|false)$/i.test(text.trim()), form: 'true or false' },
  5: { test: (text) => isDate(text), form: 'a date written YYYY-MM-DD, such as 2026-03-14' },
  6: {
    test: (text) => /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,7})?)?$/.test(text),
    form: 'a time written HH:MM or HH:MM:SS, such as 19:30',
  },
  7: {
    test: (text) => {
      const match = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,7})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)?$/.exec(text);
      return match !== null && isDate(match[1]);
    },
    form: 'a date and time in ISO 8601, such as 2026-03-14T19:30:00Z',
  },
};

/** Whether `text` is a calendar date `YYYY-MM-DD` that exists (no 31 April). */
function isDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The `walk-value-type` diagnostics of `walk` (of the walks file `doc`) against the variables
 * `pearl` declares: each value in the walk's `variables` and in its `set` steps whose variable has
 * a type other than String and that does not read as that type, on the value. Undeclared ids are
 * `walk-variable-undeclared`'s. Linear in the values given.
 */
export function checkWalkValueTypes(
  doc: PearlDocument,
  walk: { readonly path: readonly (string | number)[]; readonly input: WalkInput },
  pearl: PearlDocument,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const check = (values: unknown, path: readonly (string | number)[]): void => {
    if (!isJsonObject(values)) return;
    for (const [id, raw] of Object.entries(values)) {
      const type = pearl.variablesById.get(id)?.type;
      const form = type === undefined ? undefined : typeForms[type];
      const text = typeof raw === 'string' ? raw : JSON.stringify(raw);
      if (!form || form.test(text)) continue;
      const typeName = variableTypeNames[type as number] ?? `type ${type}`;
      diagnostics.push({
        range: spanToRange(doc, valueSpan(doc, [...path, id])),
        severity: walkRules.valueType.severity,
        code: walkRules.valueType.code,
        codeDescription: { href: walkRules.valueType.href },
        source: diagnosticSource,
        message: `'${quote(id)}' is a ${typeName} variable, so its value should be ${form.form}; '${quote(text)}' is not.`,
      });
    }
  };
  check(walk.input.variables, [...walk.path, 'variables']);
  walk.input.steps.forEach((step: unknown, index) => {
    if (isJsonObject(step)) check(step.set, [...walk.path, 'steps', index, 'set']);
  });
  return diagnostics;
}
