/** fast-check arbitraries of JSON values, shared by the property tests of the JSON readers. */
import fc from 'fast-check';

/** Strings with quotes, backslashes, control characters and braces: escapes in keys and values. */
export const trickyString = fc.oneof(
  fc.string({ unit: fc.constantFrom('a', 'b', '"', '\\', '\n', '{', '}', 'é', '🎉', ' ', '0', '1') }),
  fc.string(),
);
export const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    trickyString,
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(trickyString, tie('value'), { maxKeys: 5 }),
  ),
})).value;
