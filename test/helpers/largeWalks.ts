// Walks files too large to write by hand, for the bound on a walks file's diagnostics (docs/user/walks.md
// § Diagnostics): made in the test, against the booking Pearl of walkPearls.ts.

/**
 * `walks` walks of `steps` steps each, every one failing: `steps - 1` steps each setting an id the
 * Pearl does not declare (a Warning each), then a `take` of a transition the entry node does not
 * have (an Error). 2,000 × 100 gives about 204,000 diagnostics.
 */
export function manyFailingWalksText(walks = 2000, steps = 100): string {
  const list = Array.from({ length: walks }, (_, walk) => ({
    name: `Walk ${walk + 1}`,
    variables: { phone: '1' },
    steps: [...Array.from({ length: steps - 1 }, (_, step) => ({ set: { [`x${step}`]: '1' } })), { take: 'Nope' }],
  }));
  return JSON.stringify({ pearl: 'booking.pearl.json', walks: list });
}

/**
 * One passing walk giving `ids` values to ids the Pearl does not declare (a Warning each, more
 * than one walk's diagnostics ever fitted in an argument list), then, when `failing`, a second
 * walk whose only step fails (an Error, after the first walk's Warnings).
 */
export function manyWarningsThenFailureText(ids = 120_000, failing = true): string {
  const variables: Record<string, string> = { phone: '1' };
  for (let id = 0; id < ids; id++) variables[`v${id}`] = '1';
  const walks: object[] = [{ name: 'Many values', variables, steps: [] }];
  if (failing) walks.push({ name: 'Fails', variables: { phone: '1' }, steps: [{ take: 'Nope' }] });
  return JSON.stringify({ pearl: 'booking.pearl.json', walks });
}
