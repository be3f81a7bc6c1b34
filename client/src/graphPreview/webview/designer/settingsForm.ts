/**
 * The side panel's settings section: one control per field of the selected node's settings object
 * ({@link PearlGraphNode.settings}, its fields listed from the schema by `getNodeSettingFields`,
 * the module the server checks the edits with), each bound to
 * the file with a `setNodeSetting` edit when its value changed: text on Enter (Shift+Enter is a new
 * line in a long text) or when it loses the focus, a whole number likewise once it is one (else
 * the field says so and nothing is sent), an enumeration as a `<select>` of its names, a boolean as
 * a checkbox (indeterminate while the file does not set it), a list of strings as one text field,
 * comma separated. Nested objects and list elements are folded groups, open when they hold a value.
 * Every string from the file is set as `value`, `textContent` or `title`.
 */
import type { NodeSettingField, PearlGraphNode, SetNodeSettingEdit } from '../../../../../protocol/graphTypes';
import { getNodeSettingFields } from '../../../../../server/src/service/interface/nodeSettingFields';

type Value = SetNodeSettingEdit['value'];

/** What the settings section asks of the designer. */
export interface SettingsFormHost {
  setSetting(node: string, path: readonly (string | number)[], value: Value): void;
}

/** A drawn control and how to read and write it. */
interface Control {
  /** The field as last drawn from the file. */
  field: NodeSettingField;
  readonly element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  /** Shows the field's value from the file. */
  show(field: NodeSettingField): void;
  /** The value typed, or a sentence saying why it is not one. */
  read(): { value: Value } | { problem: string };
}

/** The settings section of the side panel. */
export class SettingsForm {
  private node: PearlGraphNode | undefined;
  private nodeKey: string | undefined;
  private signature = '';
  private controls: Control[] = [];
  /** The values sent since the node's graph was drawn (by path), so that Enter then blur sends once. */
  private readonly sent = new Map<string, string>();

  constructor(
    private readonly element: HTMLElement,
    private readonly host: SettingsFormHost,
  ) {
    element.className = 'panel-settings';
  }

  /** Shows the settings of `node` (none: empty); a control being edited keeps what the user typed. */
  show(node: PearlGraphNode | undefined): void {
    const fields = node?.settings ? getNodeSettingFields(node.settings.property, node.settings.value) : [];
    const signature = JSON.stringify(fields.map((field) => [field.path, field.type]));
    const rebuild = node?.key !== this.nodeKey || signature !== this.signature;
    if (node !== this.node) this.sent.clear();
    this.node = node;
    this.nodeKey = node?.key;
    if (rebuild) {
      this.signature = signature;
      this.build(fields);
      return;
    }
    fields.forEach((field, index) => {
      const control = this.controls[index];
      control.field = field;
      if (document.activeElement !== control.element) control.show(field);
    });
  }

  private build(fields: readonly NodeSettingField[]): void {
    this.controls = [];
    this.element.replaceChildren();
    if (fields.length === 0) return;
    const title = document.createElement('h3');
    title.textContent = String(fields[0].path[0]);
    this.element.appendChild(title);
    const groups = new Map<string, HTMLElement>();
    for (const field of fields) {
      let parent: HTMLElement = this.element;
      if (field.group !== undefined) {
        let group = groups.get(field.group);
        if (!group) {
          const details = document.createElement('details');
          details.className = 'panel-group';
          const summary = document.createElement('summary');
          summary.textContent = field.group;
          details.appendChild(summary);
          details.open = fields.some((other) => other.group === field.group && other.value !== undefined);
          this.element.appendChild(details);
          groups.set(field.group, (group = details));
        }
        parent = group;
      }
      parent.appendChild(this.createField(field));
    }
  }

  private createField(field: NodeSettingField): HTMLElement {
    const label = document.createElement('label');
    label.className = field.type === 'boolean' ? 'panel-field panel-checkbox' : 'panel-field';
    const caption = document.createElement('span');
    caption.textContent = field.label;
    if (field.description !== undefined) label.title = field.description;
    const problem = document.createElement('span');
    problem.className = 'field-problem';
    problem.setAttribute('role', 'alert');
    problem.hidden = true;
    const control = createControl(field);
    const { element } = control;
    element.dataset.path = JSON.stringify(field.path);
    control.show(field);
    this.controls.push(control);
    const commit = (): void => {
      const read = control.read();
      const invalid = 'problem' in read;
      problem.textContent = invalid ? read.problem : '';
      problem.hidden = !invalid;
      element.setAttribute('aria-invalid', String(invalid));
      if (!invalid) this.commit(control.field, read.value);
    };
    if (element instanceof HTMLSelectElement || (element instanceof HTMLInputElement && element.type === 'checkbox')) {
      element.addEventListener('change', commit);
    } else {
      element.addEventListener('keydown', (keydown) => {
        const event = keydown as KeyboardEvent;
        if (event.key === 'Enter' && !(event.shiftKey && element instanceof HTMLTextAreaElement)) {
          event.preventDefault();
          commit();
        } else if (event.key === 'Escape') {
          control.show(control.field);
          problem.hidden = true;
          element.setAttribute('aria-invalid', 'false');
          element.blur();
        }
      });
      element.addEventListener('change', commit);
    }
    if (field.type === 'boolean') label.append(element, caption, problem);
    else label.append(caption, element, problem);
    return label;
  }

  private commit(field: NodeSettingField, value: Value): void {
    const node = this.nodeKey;
    const text = JSON.stringify(value);
    if (node === undefined || text === JSON.stringify(field.value)) return;
    const path = JSON.stringify(field.path);
    if (this.sent.get(path) === text) return;
    this.sent.set(path, text);
    this.host.setSetting(node, field.path, value);
  }
}

function createControl(field: NodeSettingField): Control {
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
  parse: (text: string) => { value: Value } | { problem: string },
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
