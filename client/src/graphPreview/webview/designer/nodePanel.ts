/**
 * The side panel of the selected node: its name, nodeId, and the script and instructions its type
 * takes (`PearlGraphNode.texts`, from the server's node types table: an SMS node has neither), each bound to
 * the file (a `setNodeProperty` edit when the value changed, on Enter or when the field loses the
 * focus; Shift+Enter is a new line in script and instructions), the fields of its settings object
 * (`settingsForm.ts`), and the node's diagnostics with
 * their quick fixes (the server's code actions, which the host looks up) one click away. Every
 * string from the file is set as `value` or `textContent`.
 */
import type { Diagnostic } from 'vscode-languageserver-types';
import type { NodeSettingForm, PearlGraphNode, SetNodePropertyEdit } from '#protocol/graphTypes';
import type { QuickFixTitle } from '#protocol/graphPreviewMessages';
import { getNodeTitle } from '../layoutText';
import { SettingsForm, type SettingsFormHost } from './settingsForm';

type Property = SetNodePropertyEdit['property'];

const fields: readonly { readonly property: Property; readonly label: string; readonly multiline: boolean }[] = [
  { property: 'name', label: 'Name', multiline: false },
  { property: 'nodeId', label: 'nodeId', multiline: false },
  { property: 'script', label: 'Script', multiline: true },
  { property: 'instructions', label: 'Instructions', multiline: true },
];

/** Whether the panel offers `property` on `node`: its name and nodeId always, a text when the node's type takes it (or the file sets it). */
function offers(node: PearlGraphNode, property: Property): boolean {
  return property === 'name' || property === 'nodeId' || node.texts.includes(property);
}

/** What the panel asks of the designer. */
export interface NodePanelHost extends SettingsFormHost {
  setProperty(node: string, property: Property, value: string): void;
  /** Asks the host for the quick fixes of node `key`'s diagnostics (answered with {@link NodePanel.showFixes}). */
  requestFixes(key: string): void;
  applyFix(key: string, index: number): void;
  /** The panel was collapsed to its bar (true) or opened again (false) by its toggle. */
  collapsedChanged(collapsed: boolean): void;
}

/**
 * The side panel: a column beside the graph (a strip below it in a narrow preview), with a bar (a
 * toggle and the node's type and title) above the selected node's fields, or a hint when none is
 * selected. Collapsed, only the bar shows and the graph takes the room.
 */
export class NodePanel {
  private node: PearlGraphNode | undefined;
  private collapsed = false;
  private readonly toggle = document.createElement('button');
  /** The values sent for the node on screen, until the graph drawn from the edited text arrives. */
  private readonly sent = new Map<Property, string>();
  private readonly inputs = new Map<Property, HTMLInputElement | HTMLTextAreaElement>();
  /** The label holding each field (hidden when the node's type does not take the text). */
  private readonly labels = new Map<Property, HTMLLabelElement>();
  private readonly heading = document.createElement('h2');
  private readonly bar = document.createElement('div');
  private readonly problems = document.createElement('div');
  private readonly settings: SettingsForm;
  /** Holds everything but the hint: hidden while no node is selected. */
  private readonly body = document.createElement('div');
  private readonly hint = document.createElement('p');

  /**
   * @param collapsed whether the panel starts collapsed to its bar (the page's saved state).
   */
  constructor(
    private readonly element: HTMLElement,
    private readonly host: NodePanelHost,
    collapsed = false,
  ) {
    this.hint.className = 'panel-hint';
    this.hint.textContent = 'Select a node to edit its name, nodeId, script, instructions and settings here, and to see its problems.';
    this.bar.className = 'panel-bar';
    this.toggle.type = 'button';
    this.toggle.className = 'panel-toggle';
    this.toggle.setAttribute('aria-controls', element.id);
    this.toggle.addEventListener('click', () => {
      this.setCollapsed(!this.collapsed);
      this.host.collapsedChanged(this.collapsed);
    });
    this.heading.className = 'panel-title';
    this.bar.append(this.toggle, this.heading);
    element.replaceChildren(this.bar, this.hint, this.body);
    element.hidden = false;
    this.setCollapsed(collapsed);
    for (const field of fields) {
      const label = document.createElement('label');
      label.className = 'panel-field';
      const caption = document.createElement('span');
      caption.textContent = field.label;
      const input = field.multiline ? document.createElement('textarea') : document.createElement('input');
      input.name = field.property;
      input.spellcheck = false;
      if (input instanceof HTMLTextAreaElement) input.rows = 3;
      input.addEventListener('keydown', (event) => {
        const key = (event as KeyboardEvent).key;
        if (key === 'Enter' && !(event as KeyboardEvent).shiftKey) {
          event.preventDefault();
          this.commit(field.property);
        } else if (key === 'Escape') {
          input.value = this.valueOf(field.property);
          input.blur();
        }
      });
      input.addEventListener('change', () => this.commit(field.property));
      label.append(caption, input);
      this.body.appendChild(label);
      this.inputs.set(field.property, input);
      this.labels.set(field.property, label);
    }
    const settings = document.createElement('div');
    this.settings = new SettingsForm(settings, host);
    this.problems.className = 'panel-problems';
    this.body.append(settings, this.problems);
  }

  /** Collapses the panel to its bar (the graph takes the room), or opens it again. */
  setCollapsed(collapsed: boolean): void {
    this.collapsed = collapsed;
    this.element.classList.toggle('collapsed', collapsed);
    this.toggle.setAttribute('aria-expanded', String(!collapsed));
    this.toggle.textContent = collapsed ? '\u25B8' : '\u25BE';
    const what = collapsed ? 'Show' : 'Hide';
    this.toggle.title = `${what} the selected node's details`;
    this.toggle.setAttribute('aria-label', `${what} the selected node's details`);
  }

  /** Shows `node` (or the hint); a field being edited keeps what the user typed. */
  show(node: PearlGraphNode | undefined): void {
    // The same node object: nothing of it changed (an update keeps the objects of the nodes it did not change).
    if (node !== undefined && node === this.node) return;
    const changedNode = node?.key !== this.node?.key;
    const diagnosticsChanged = changedNode || JSON.stringify(node?.diagnostics) !== JSON.stringify(this.node?.diagnostics);
    if (changedNode || node !== this.node) this.sent.clear();
    this.node = node;
    this.body.hidden = node === undefined;
    this.hint.hidden = node !== undefined;
    this.element.classList.toggle('empty', node === undefined);
    this.settings.show(node);
    if (node === undefined) {
      this.heading.textContent = 'No node selected';
      return;
    }
    this.heading.textContent = `${node.typeName}: ${getNodeTitle(node)}`;
    for (const [property, label] of this.labels) label.hidden = !offers(node, property);
    for (const [property, input] of this.inputs) {
      if (changedNode || document.activeElement !== input) input.value = this.valueOf(property);
    }
    if (diagnosticsChanged) {
      this.renderProblems(node.diagnostics, undefined);
      if (node.diagnostics.length > 0) this.host.requestFixes(node.key);
    }
  }

  /** The host's answer: the settings fields of node `form.node`. */
  showSettingFields(form: NodeSettingForm): void {
    this.settings.showForm(form);
  }

  /** The host's answer: the quick fixes of node `key`, by diagnostic (index in the node's list). */
  showFixes(key: string, fixes: readonly QuickFixTitle[]): void {
    if (this.node?.key !== key) return;
    this.renderProblems(this.node.diagnostics, fixes);
  }

  private valueOf(property: Property): string {
    return this.node?.[property] ?? '';
  }

  private commit(property: Property): void {
    const node = this.node;
    const input = this.inputs.get(property);
    if (node === undefined || input === undefined || input.value === this.valueOf(property)) return;
    // Enter, then leaving the field: one edit, not two.
    if (this.sent.get(property) === input.value) return;
    this.sent.set(property, input.value);
    this.host.setProperty(node.key, property, input.value);
  }

  private renderProblems(diagnostics: readonly Diagnostic[], fixes: readonly QuickFixTitle[] | undefined): void {
    this.problems.replaceChildren();
    if (diagnostics.length === 0) return;
    const title = document.createElement('h3');
    title.textContent = diagnostics.length === 1 ? '1 problem' : `${diagnostics.length} problems`;
    const list = document.createElement('ul');
    diagnostics.forEach((diagnostic, index) => {
      const item = document.createElement('li');
      item.className =
        diagnostic.severity === 2
          ? 'problem warning'
          : diagnostic.severity === 3 || diagnostic.severity === 4
            ? 'problem info'
            : 'problem error';
      const message = document.createElement('span');
      message.textContent = diagnostic.message;
      item.appendChild(message);
      for (const fix of fixes?.filter((candidate) => candidate.diagnostic === index) ?? []) {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'quick-fix';
        button.textContent = fix.title;
        button.addEventListener('click', () => {
          if (this.node) this.host.applyFix(this.node.key, fix.index);
        });
        item.appendChild(button);
      }
      list.appendChild(item);
    });
    this.problems.append(title, list);
  }
}
