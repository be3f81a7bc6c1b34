/**
 * What the user is told when a deploy's create or update succeeds, or fails for a reason other than
 * a 400, a refused token or a cancellation (docs/rulings.md § Service). It imports nothing from
 * `vscode`; the notifications show these texts through `notify.ts` (plain text).
 */

import { type CreatePearlResult, describeWait } from '../api/pearlApiClient';

/** The button of a failure after which the Pearl may exist: shows the Pearls view, read again (GET /v2/Pearl). */
export const lookButton = 'Look in the Pearls View';

/**
 * The message for `result` and whether the Pearl may exist (or be updated) anyway, in which case
 * the notification offers {@link lookButton}. A failure after the request may have reached the
 * service (no answer in time, a connection broken after sending, an unreadable answer, a 5xx) says
 * so, never that the service could not be reached: deploying again would create a second live Pearl.
 *
 * @param timeoutSeconds `pearl.deploy.timeoutSeconds`, named in the timeout message.
 * @param updating whether the request was the update of an existing Pearl (PUT /v2/Pearl/{id}).
 */
export function describeFailure(
  result: Extract<CreatePearlResult, { ok: false }>,
  timeoutSeconds: number,
  updating: boolean,
): { message: string; mayExist: boolean } {
  // After the request left, a lost or broken answer does not tell whether the Pearl was created (or updated).
  const mayExist = updating
    ? 'The Pearl may have been updated anyway: compare its live settings with the file (Pearls view) before deploying again.'
    : 'The Pearl may have been created anyway: look for it in the Pearls view before deploying again.';
  const maybe = (message: string): { message: string; mayExist: boolean } => ({ message: `${message} ${mayExist}`, mayExist: true });
  switch (result.kind) {
    case 'rateLimited': {
      const wait = result.retryAfterSeconds === undefined ? 'later' : describeWait(result.retryAfterSeconds);
      return {
        message: `The service is limiting requests (429): nothing was ${updating ? 'updated' : 'created'}. Try again ${wait}.`,
        mayExist: false,
      };
    }
    case 'timeout':
      return maybe(`No answer from the service within ${timeoutSeconds} s (pearl.deploy.timeoutSeconds).`);
    case 'network':
      return result.mayHaveArrived === true ? maybe(result.message) : { message: `Deploy failed: ${result.message}`, mayExist: false };
    case 'invalidResponse':
      return maybe(`The service's answer could not be read: ${result.message}`);
    default:
      return result.status !== undefined && result.status >= 500
        ? maybe(`Deploy failed: ${result.message}`)
        : { message: `Deploy failed: ${result.message}`, mayExist: false };
  }
}

/** `Created Pearl Front desk (id prl_1)` (or `Updated …`): `label` is the Pearl's name or the file's, `pearlId` as the service returned it. */
export function deployedMessage(label: string, pearlId: string, updated: boolean): string {
  return `${updated ? 'Updated' : 'Created'} Pearl ${label} (id ${pearlId})`;
}
