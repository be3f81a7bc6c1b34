/**
 * The side panel's settings section: the fields of the selected node's settings object, as the
 * language server lists them from the schema (`pearl/nodeSettingFields`, asked through the host:
 * the page does not load the schema). One control per field (`settingControls.ts`), each bound to
 * the file with a `setNodeSetting` edit when its value changed: text on Enter (Shift+Enter is a
 * new line in a long text) or when it loses the focus, a whole number likewise once it is one
 * (else the field says so and nothing is sent), an enumeration as a `<select>`, a boolean as a
 * checkbox, a list of strings as one text field, comma separated. A field set in the file has a
 * Clear button (`clearNodeSetting`: the property is removed). Nested objects are folded groups,
 * open when they hold a value; each list of objects or map of strings (an API node's body,
 * headers, outputBody) is a section of its entries, each removable, with a button adding one
 * (`addNodeSettingItem`; a header asks for its name first). Every string from the file is set as
 * `value`, `textContent` or `title`.
 */
import type { NodeSettingField, NodeSettingForm, NodeSettingList, PearlGraphNode } from '#protocol/graphTypes';
import { type Control, createControl, type SettingValue } from './settingControls';

type Path = readonly (string | number)[];

/** What the settings section asks of the designer. */
export interface SettingsFormHost {
  setSetting(node: string, path: Path, value: SettingValue): void;
  clearSetting(node: string, path: Path): void;
  addSettingItem(node: string, path: Path, name: string | undefined): void;
  /** Asks the host for the settings fields of node `key` (answered with {@link SettingsForm.showForm}). */
  requestSettingFields(key: string): void;
}

/** Whether `path` starts with `prefix`. */
function startsWith(path: Path, prefix: Path): boolean {
  return prefix.every((step, index) => path[index] === step);
}

/** The settings section of the side panel. */
export class SettingsForm {
  private node: PearlGraphNode | undefined;
  private nodeKey: string | undefined;
  private signature = '';
  /** The controls drawn, with their Clear buttons, by field path (JSON). */
  private controls = new Map<string, { readonly control: Control; readonly clear: HTMLButtonElement }>();
  /**
   * The values sent (JSON, by path) until the form shows them in the file, so that Enter then
   * leaving the field sends once, even before the fields of the edited text arrive.
   */
  private readonly sent = new Map<string, string>();

  constructor(
    private readonly element: HTMLElement,
    private readonly host: SettingsFormHost,
  ) {
    element.className = 'panel-settings';
  }

  /** Shows the settings of `node` (none: empty): asks the host for its fields when its data changed. */
  show(node: PearlGraphNode | undefined): void {
    const changedNode = node?.key !== this.nodeKey;
    if (changedNode) this.sent.clear();
    this.node = node;
    this.nodeKey = node?.key;
    if (node?.settings === undefined) {
      this.clear();
      return;
    }
    // A new node's old fields would be wrong: empty until its own arrive. The same node keeps its
    // form (and what is being typed) until the answer updates it.
    if (changedNode) this.clear();
    this.host.requestSettingFields(node.key);
  }

  /** The host's answer: the fields of node `form.node` (dropped when another node is shown now). */
  showForm(form: NodeSettingForm): void {
    if (form.node !== this.nodeKey || this.node?.settings === undefined) return;
    for (const field of form.fields) {
      const path = JSON.stringify(field.path);
      if (this.sent.get(path) === JSON.stringify(field.value)) this.sent.delete(path);
    }
    const signature = JSON.stringify([form.property, form.fields.map((field) => [field.path, field.type]), form.lists]);
    if (signature !== this.signature) {
      this.signature = signature;
      this.build(form);
      return;
    }
    for (const field of form.fields) {
      const drawn = this.controls.get(JSON.stringify(field.path));
      if (drawn === undefined) continue;
      drawn.control.field = field;
      if (document.activeElement !== drawn.control.element) drawn.control.show(field);
      drawn.clear.hidden = field.value === undefined;
    }
  }

  private clear(): void {
    this.signature = '';
    this.controls.clear();
    this.element.replaceChildren();
  }

  private build(form: NodeSettingForm): void {
    this.controls.clear();
    this.element.replaceChildren();
    const title = document.createElement('h3');
    title.textContent = form.property;
    this.element.appendChild(title);
    const inList = (field: NodeSettingField): NodeSettingList | undefined => form.lists.find((list) => startsWith(field.path, list.path));
    const groups = new Map<string, HTMLElement>();
    for (const field of form.fields) {
      if (inList(field)) continue;
      this.groupFor(field, form.fields, groups, this.element).appendChild(this.createField(field, 'Clear'));
    }
    for (const list of form.lists)
      this.element.appendChild(
        this.createList(
          list,
          form.fields.filter((field) => inList(field) === list),
        ),
      );
  }

  /** The element `field` goes in: `parent`, or the folded group of its nested object or list element. */
  private groupFor(
    field: NodeSettingField,
    all: readonly NodeSettingField[],
    groups: Map<string, HTMLElement>,
    parent: HTMLElement,
  ): HTMLElement {
    if (field.group === undefined) return parent;
    let group = groups.get(field.group);
    if (group) return group;
    const details = document.createElement('details');
    details.className = 'panel-group';
    const summary = document.createElement('summary');
    summary.textContent = field.group;
    details.appendChild(summary);
    details.open = all.some((other) => other.group === field.group && other.value !== undefined);
    parent.appendChild(details);
    groups.set(field.group, (group = details));
    return group;
  }

  /**
   * A list's section: its heading, its entries (a list of objects: one folded group per element,
   * each with a Remove button; a map of strings: one field per entry, its Clear button removing it)
   * and the button adding an entry.
   */
  private createList(list: NodeSettingList, fields: readonly NodeSettingField[]): HTMLElement {
    const section = document.createElement('section');
    section.className = 'panel-list';
    section.dataset.path = JSON.stringify(list.path);
    const heading = document.createElement('h4');
    heading.textContent = list.size === 0 ? `${list.label} (none)` : list.label;
    if (list.description !== undefined) heading.title = list.description;
    section.appendChild(heading);
    const groups = new Map<string, HTMLElement>();
    for (const field of fields) {
      // A map's entries are fields of the section itself; a list's elements are folded groups.
      const group = list.type === 'stringMap' ? section : this.groupFor(field, fields, groups, section);
      if (group !== section && group.querySelector('button.entry-remove') === null) {
        const entryPath = field.path.slice(0, list.path.length + 1);
        group.appendChild(this.button('entry-remove', `Remove ${field.group ?? 'this entry'}`, entryPath, () => this.clearAt(entryPath)));
      }
      group.appendChild(this.createField(field, list.type === 'stringMap' ? 'Remove' : 'Clear'));
    }
    const add = this.button('list-add', list.type === 'stringMap' ? `Add to ${list.label}…` : `Add to ${list.label}`, list.path, () => {
      if (list.type === 'objectList') this.addItem(list.path, undefined);
      else this.askEntryName(section, add, list);
    });
    section.appendChild(add);
    return section;
  }

  /** An inline field naming a new entry of a map of strings (a header), sent on Enter; Escape cancels. */
  private askEntryName(section: HTMLElement, add: HTMLButtonElement, list: NodeSettingList): void {
    const input = document.createElement('input');
    input.className = 'entry-name';
    input.spellcheck = false;
    input.placeholder = 'Name, then Enter';
    input.setAttribute('aria-label', `Name of the new entry of ${list.label}`);
    add.hidden = true;
    section.appendChild(input);
    let open = true;
    // Removing the input blurs it, whose blur closes it again: only the first counts.
    const close = (): void => {
      if (!open) return;
      open = false;
      input.remove();
      add.hidden = false;
    };
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && input.value.trim() !== '') {
        event.preventDefault();
        this.addItem(list.path, input.value.trim());
        close();
      } else if (event.key === 'Escape') close();
    });
    input.addEventListener('blur', close);
    input.focus();
  }

  private button(className: string, text: string, path: Path, onClick: () => void): HTMLButtonElement {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = className;
    button.textContent = text;
    button.dataset.targetPath = JSON.stringify(path);
    button.addEventListener('click', onClick);
    return button;
  }

  private createField(field: NodeSettingField, clearLabel: string): HTMLElement {
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
    const commit = (): void => {
      const read = control.read();
      const invalid = 'problem' in read;
      problem.textContent = invalid ? read.problem : '';
      problem.hidden = !invalid;
      element.setAttribute('aria-invalid', String(invalid));
      if (!invalid) this.commit(control.field, read.value);
    };
    bindCommit(control, commit, () => {
      problem.hidden = true;
      element.setAttribute('aria-invalid', 'false');
    });
    const clear = this.button('field-clear', clearLabel, field.path, () => this.clearAt(control.field.path));
    clear.title = `${clearLabel} ${field.label}: remove it from the file`;
    clear.hidden = field.value === undefined;
    this.controls.set(JSON.stringify(field.path), { control, clear });
    if (field.type === 'boolean') label.append(element, caption, clear, problem);
    else label.append(caption, element, clear, problem);
    return label;
  }

  private commit(field: NodeSettingField, value: SettingValue): void {
    const node = this.nodeKey;
    const text = JSON.stringify(value);
    if (node === undefined || text === JSON.stringify(field.value)) return;
    const path = JSON.stringify(field.path);
    if (this.sent.get(path) === text) return;
    this.sent.set(path, text);
    this.host.setSetting(node, field.path, value);
  }

  private clearAt(path: Path): void {
    if (this.nodeKey !== undefined) this.host.clearSetting(this.nodeKey, path);
  }

  private addItem(path: Path, name: string | undefined): void {
    if (this.nodeKey !== undefined) this.host.addSettingItem(this.nodeKey, path, name);
  }
}

/**
 * Sends `commit` when the control's value is changed: a `<select>` or a checkbox at once; a text
 * field on Enter (Shift+Enter is a new line in a textarea) or when it loses the focus; Escape puts
 * the file's value back (`reset` clears the problem shown).
 */
function bindCommit(control: Control, commit: () => void, reset: () => void): void {
  const { element } = control;
  element.addEventListener('change', commit);
  if (element instanceof HTMLSelectElement || (element instanceof HTMLInputElement && element.type === 'checkbox')) return;
  element.addEventListener('keydown', (keydown) => {
    const event = keydown as KeyboardEvent;
    if (event.key === 'Enter' && !(event.shiftKey && element instanceof HTMLTextAreaElement)) {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      control.show(control.field);
      reset();
      element.blur();
    }
  });
}
