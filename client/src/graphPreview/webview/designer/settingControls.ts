/**
 * The controls of the settings fields (`settingsForm.ts`): one per field type, each able to show
 * the field's value from the file and to read what the user typed. Every string from the file is
 * set as `value` (or an option's `textContent`).
 */
import type { NodeSettingField, SetNodeSettingEdit } from '#protocol/graphTypes';

/** A value of a settings field. */
export type SettingValue = SetNodeSettingEdit['value'];

/** A drawn control and how to read and write it. */
export interface Control {
  /** The field as last drawn from the file. */
  field: NodeSettingField;
  readonly element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  /** Shows the field's value from the file. */
  show(field: NodeSettingField): void;
  /** The value typed, or a sentence saying why it is not one. */
  read(): { value: SettingValue } | { problem: string };
}

/**
 * The control of `field`: a checkbox for a boolean (indeterminate while the file does not set it),
 * a `<select>` for an enumerated integer, a text field for a whole number (which says when the
 * text is not one), a comma-separated text field for a list of strings, else a text field (a
 * textarea for a long text).
 */
export function createControl(field: NodeSettingField): Control {
  switch (field.type) {
    case 'boolean': {
      const input = document.createElement('input');
      input.type = 'checkbox';
      return {
        field,
        element: input,
        show: (current) => {
          input.checked = current.value === true;
          input.indeterminate = current.value === undefined;
        },
        read: () => ({ value: input.checked }),
      };
    }
    case 'integer':
      return field.options ? createSelect(field, field.options) : createText(field, parseWholeNumber(field.label));
    case 'stringList':
      return createText(
        field,
        (text) => ({
          value: text
            .split(',')
            .map((item) => item.trim())
            .filter((item) => item !== ''),
        }),
        (value) => (value as readonly string[]).join(', '),
        'Separate with commas',
      );
    case 'string':
      return createText(field, (text) => ({ value: text }));
  }
}

function createSelect(field: NodeSettingField, options: NonNullable<NodeSettingField['options']>): Control {
  const select = document.createElement('select');
  const unset = document.createElement('option');
  unset.value = '';
  unset.textContent = 'Not set';
  unset.disabled = true;
  select.appendChild(unset);
  for (const option of options) {
    const element = document.createElement('option');
    element.value = String(option.value);
    element.textContent = option.name;
    select.appendChild(element);
  }
  return {
    field,
    element: select,
    show: (current) => {
      select.value = options.some((option) => option.value === current.value) ? String(current.value) : '';
    },
    read: () => (select.value === '' ? { problem: `Choose a ${field.label}.` } : { value: Number(select.value) }),
  };
}

function createText(
  field: NodeSettingField,
  parse: (text: string) => { value: SettingValue } | { problem: string },
  format: (value: NonNullable<NodeSettingField['value']>) => string = String,
  placeholder?: string,
): Control {
  const element = field.multiline ? document.createElement('textarea') : document.createElement('input');
  element.spellcheck = false;
  if (element instanceof HTMLTextAreaElement) element.rows = 3;
  if (field.type === 'integer' && element instanceof HTMLInputElement) element.inputMode = 'numeric';
  if (placeholder !== undefined) element.placeholder = placeholder;
  return {
    field,
    element,
    show: (current) => {
      element.value = current.value === undefined ? '' : format(current.value);
    },
    read: () => parse(element.value),
  };
}

/** A whole number from the text (surrounding blanks allowed), or the sentence the field shows. */
function parseWholeNumber(label: string): (text: string) => { value: number } | { problem: string } {
  return (text) => {
    const trimmed = text.trim();
    const value = Number(trimmed);
    return /^[-+]?\d+$/.test(trimmed) && Number.isSafeInteger(value) ? { value } : { problem: `${label} must be a whole number.` };
  };
}
