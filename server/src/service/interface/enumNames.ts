import { findSchemaForPath, getEnumValues } from './schemaNavigator';

/**
 * The names of the text form's integer enumerations, read from `schemas/text-pearl.schema.json`
 * (its `enumNames`), the single source of truth: messages, hover, outline and completion name
 * values as the interface does (docs/interface.md § Resources and their fields).
 */
function namesAt(path: (string | number)[]): Readonly<Record<number, string>> {
  const schema = findSchemaForPath('text', path);
  const names: Record<number, string> = {};
  if (schema) {
    for (const { value, name } of getEnumValues(schema)) {
      if (typeof value === 'number' && name !== undefined) names[value] = name;
    }
  }
  return names;
}

/** Node.nodeType: 2 OpeningSentence … 200 PostCallActions (§ Node types). */
export const nodeTypeNames = namesAt(['pearl', 'nodes', 0, 'nodeType']);
/** DataSettings.group: 1 PreCall, 2 InCall, 3 PostCall (§ DataSettings). */
export const variableGroupNames = namesAt(['variables', 0, 'group']);
/** DataSettings.type: 1 String … 7 DateTime (§ DataSettings). */
export const variableTypeNames = namesAt(['variables', 0, 'type']);
/** Transition.apiResult: 1 Success, 2 Failure (§ Transition). */
export const apiResultNames = namesAt(['pearl', 'nodes', 0, 'transitions', 0, 'apiResult']);
/** DayWorkingHours.day: 0 Sunday … 6 Saturday (§ DayWorkingHours). */
export const dayNames = namesAt(['outbound', 'callingHours', 0, 'day']);
/** CallLabel.color: 1 purple … 9 gradient2, 8 listed twice (§ CallLabel; docs/rulings.md § Values). */
export const labelColorNames = namesAt(['pearl', 'indicatorTags', 0, 'color']);
