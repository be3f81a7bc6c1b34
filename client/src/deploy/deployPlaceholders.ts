import type { DeployPayload } from '#protocol/pearlRequests';
import { plainLabel } from '../userText';

/** At most this many fields are named in the refusal; the rest are counted. */
const maxNamedFields = 3;

/**
 * Why Deploy refuses `payload` because of values a template left to fill (docs/rulings.md
 * § Template placeholders: Deploy refuses to send one), naming each field as the server's `field`
 * does (`inbound.textChannelId`, `script of OpeningSentence node 'greeting'`); undefined when there
 * is none. The names come from the file's keys and ids: each is shown as plain text on one line,
 * never as a link.
 */
export function describePlaceholderRefusal(payload: Pick<DeployPayload, 'placeholders'>): string | undefined {
  const fields = [...new Set(payload.placeholders.map((placeholder) => plainLabel(placeholder.field)))];
  if (fields.length === 0) return undefined;
  const named = fields.slice(0, maxNamedFields).join(', ');
  const more = fields.length > maxNamedFields ? ` and ${fields.length - maxNamedFields} more` : '';
  const one = fields.length === 1;
  const still = one ? 'is still a placeholder to fill in' : 'are still placeholders to fill in';
  return `Deploy refused: ${named}${more} ${still}. Replace ${one ? 'it with the value' : 'them with the values'} to send, then deploy again.`;
}
