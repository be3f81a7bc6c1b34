/**
 * What NLPearl's public reference states of a simple Pearl's outbound call settings beyond the
 * create request (docs/rulings.md § Service; the reference's settings update): the units and
 * bounds of `ringDuration` and `callTimeout`, the most `maximumCallAttempts`, the enumeration of
 * `minimumRetryIntervalHours`, and that `voiceMail` takes PreCall variables only. The outbound
 * settings rules (rules/fieldRules/outboundSettingsRules.ts) and hover (features/hover.ts) read
 * these facts from here.
 */

/** A bounded integer setting of `outbound`. */
export interface OutboundBound {
  /** The setting's key in `outbound`. */
  readonly key: 'ringDuration' | 'callTimeout' | 'maximumCallAttempts' | 'minimumRetryIntervalHours';
  /** The least value stated, when one is. */
  readonly minimum?: number;
  /** The greatest value stated. */
  readonly maximum: number;
  /** The unit, plural (`seconds`), when the value has one. */
  readonly unit?: string;
  /** The names of the values, when the setting is an enumeration. */
  readonly names?: Readonly<Record<number, string>>;
}

/** The names of `minimumRetryIntervalHours`'s values. */
export const retryIntervalNames: Readonly<Record<number, string>> = {
  1: 'Every6Hours',
  2: 'OnceADay',
  3: 'OnceEvery3Days',
  4: 'OnceAWeek',
  5: 'OnceAMonth',
  6: 'Every3Hours',
};

/** The bounded outbound settings, in the order the reference lists them. */
export const outboundBounds: readonly OutboundBound[] = [
  { key: 'ringDuration', minimum: 10, maximum: 50, unit: 'seconds' },
  { key: 'callTimeout', minimum: 1, maximum: 120, unit: 'minutes' },
  { key: 'maximumCallAttempts', maximum: 5 },
  { key: 'minimumRetryIntervalHours', minimum: 1, maximum: 6, names: retryIntervalNames },
];

/**
 * What hover says of the outbound setting `key` of a simple Pearl, beyond its schema: its unit and
 * range, its values by name, or the variables it takes; undefined for any other key.
 */
export function describeOutboundSetting(key: string): string | undefined {
  if (key === 'voiceMail') return 'Takes PreCall variables only: InCall and PostCall values are not known when the voicemail is left.';
  const bound = outboundBounds.find((candidate) => candidate.key === key);
  if (!bound) return undefined;
  if (bound.names) {
    const values = Object.entries(bound.names).map(([value, name]) => `${value} ${name}`);
    return `One of ${values.join(', ')}.`;
  }
  const range = bound.minimum !== undefined ? `${bound.minimum} to ${bound.maximum}` : `at most ${bound.maximum}`;
  return bound.unit ? `In ${bound.unit}, ${range}.` : `${range[0].toUpperCase()}${range.slice(1)}.`;
}
