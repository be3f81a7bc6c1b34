import type { PearlKind } from '../../document/pearlDocument';
import { getEnumValues, JSONSchema, resolveSchema } from '../../interface/schemaNavigator';
import { CursorInside, Placeholder, TabStop, type SnippetTemplate } from './snippetText';

/**
 * The properties an object needs before it means anything, by the interface's type name
 * (docs/interface.md § Resources and their fields): a channel names the channel it uses
 * (docs/rulings.md § Text channel id; phoneNumberId in the simple form), a node's settings
 * object carries what its node type sends (docs/interface.md § NodeAPISettings,
 * § NodeSMSTemplate, § NodeEmailTemplate, § TransferCallSettings).
 */
const essentialProperties: Readonly<Record<string, readonly string[]>> = {
  InboundTextSettings: ['textChannelId'],
  OutboundTextSettings: ['textChannelId'],
  SimpleInboundSettings: ['phoneNumberId'],
  SimpleOutboundSettings: ['phoneNumberId'],
  NodeAPISettings: ['name', 'method', 'endpointUrl'],
  NodeSMSTemplate: ['body'],
  NodeEmailTemplate: ['to', 'subject', 'body'],
  TransferCallSettings: ['transferCallPhoneNumber'],
  SimpleTransferCallSettings: ['transferCallPhoneNumber'],
};

/**
 * The value a property key completion inserts after `"key": `, by the property's schema: an
 * object with its essential properties (each with its own skeleton) or `{}` with the cursor inside,
 * `[]` with the cursor inside, `""` with the cursor inside for a string, `true` for a boolean, a tab
 * stop for a number or an enumeration (the first value inside an object's essentials). Undefined when the schema states no type.
 */
export function getValueSkeleton(kind: PearlKind, property: JSONSchema, depth = 0): SnippetTemplate | undefined {
  const schema = resolveSchema(kind, property);
  const types = (Array.isArray(schema.type) ? schema.type : schema.type !== undefined ? [schema.type] : []).filter(
    (type) => type !== 'null',
  );
  const type = types[0];
  if (type === 'object') {
    const essentials = schema.title && depth === 0 ? essentialProperties[schema.title] : undefined;
    if (!essentials || !schema.properties) return new CursorInside('object');
    const members: Record<string, SnippetTemplate> = {};
    for (const name of essentials) {
      const member = schema.properties[name];
      if (member) members[name] = getValueSkeleton(kind, member, depth + 1) ?? new Placeholder('');
    }
    return members;
  }
  if (type === 'array') {
    if (depth > 0) {
      // An essential list (an email's `to`) gets one entry to fill.
      const item = schema.items ? getValueSkeleton(kind, schema.items, depth + 1) : undefined;
      return item instanceof Placeholder ? [item] : new CursorInside('array');
    }
    return new CursorInside('array');
  }
  if (type === 'string') return new Placeholder('');
  if (type === 'boolean') return new Placeholder(true);
  if (type === 'integer' || type === 'number') {
    // At the key the user picks the number (or the enumeration value from the list); inside an
    // object's essentials the first enumeration value keeps the object valid.
    const first = getEnumValues(schema)[0]?.value;
    if (depth > 0 && typeof first === 'number') return new Placeholder(first);
    return new TabStop();
  }
  return undefined;
}
