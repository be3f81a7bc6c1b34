/**
 * A small modal confirmation inside the webview (the page may not open `confirm()`): a title, a
 * list of lines and two buttons. Built with DOM APIs only: every string, from the file or not, is
 * set with `textContent`. Escape or Cancel closes it; Enter on the focused button confirms.
 */

/** What the dialog shows. */
export interface ConfirmOptions {
  /** The question, e.g. `Delete the node "Greeting"?`. */
  readonly title: string;
  /** A sentence under the title (may be empty). */
  readonly detail: string;
  /** Lines listed under the detail (e.g. the transitions that will be removed too). */
  readonly items: readonly string[];
  /** The label of the confirming button. */
  readonly confirmLabel: string;
}

/**
 * Shows the dialog over the page and resolves true when the user confirms, false when they
 * cancel (button, Escape, or another dialog replacing it). Only one dialog is open at a time.
 */
export function confirmInPage(options: ConfirmOptions): Promise<boolean> {
  document.querySelector('.designer-dialog-backdrop')?.dispatchEvent(new Event('cancel'));
  return new Promise((resolve) => {
    const backdrop = document.createElement('div');
    backdrop.className = 'designer-dialog-backdrop';
    const dialog = document.createElement('div');
    dialog.className = 'designer-dialog';
    dialog.setAttribute('role', 'alertdialog');
    dialog.setAttribute('aria-modal', 'true');
    const title = document.createElement('h2');
    title.id = 'designer-dialog-title';
    title.textContent = options.title;
    dialog.setAttribute('aria-labelledby', title.id);
    dialog.appendChild(title);
    if (options.detail) {
      const detail = document.createElement('p');
      detail.textContent = options.detail;
      dialog.appendChild(detail);
    }
    if (options.items.length > 0) {
      const list = document.createElement('ul');
      for (const item of options.items) list.appendChild(document.createElement('li')).textContent = item;
      dialog.appendChild(list);
    }
    const buttons = document.createElement('div');
    buttons.className = 'designer-dialog-buttons';
    const confirm = document.createElement('button');
    confirm.type = 'button';
    confirm.dataset.action = 'confirm';
    confirm.textContent = options.confirmLabel;
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.dataset.action = 'cancel';
    cancel.className = 'secondary';
    cancel.textContent = 'Cancel';
    buttons.append(confirm, cancel);
    dialog.appendChild(buttons);
    backdrop.appendChild(dialog);

    const previousFocus = document.activeElement;
    const close = (answer: boolean): void => {
      backdrop.remove();
      if (previousFocus instanceof HTMLElement || previousFocus instanceof SVGElement) previousFocus.focus({ preventScroll: true });
      resolve(answer);
    };
    confirm.addEventListener('click', () => close(true));
    cancel.addEventListener('click', () => close(false));
    backdrop.addEventListener('cancel', () => close(false));
    backdrop.addEventListener('keydown', (event) => {
      // Keys in the dialog are the dialog's: Delete or Ctrl+Z must not reach the graph.
      event.stopPropagation();
      if (event.key === 'Escape') close(false);
    });
    document.body.appendChild(backdrop);
    confirm.focus();
  });
}
