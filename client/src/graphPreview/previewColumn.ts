/**
 * Where a new graph preview opens (without `vscode`, so that a unit test checks it): in the column
 * of a preview already open beside the editor, so that a second preview opens there (as a tab)
 * instead of in a third column whose labels are cut; beside the editor when no preview is open.
 */

/**
 * The editor column (1-based, VS Code's `ViewColumn`) to open a new preview in, or `'beside'` for
 * the column beside the editor (VS Code's `ViewColumn.Beside`).
 * @param editorColumn the column of the document's editor (undefined when it is not shown).
 * @param previewColumns the columns of the previews already open (undefined entries: not shown).
 * @param groupColumns the columns of every editor group open (VS Code's `tabGroups`).
 * @returns the open preview's column nearest the editor's, other than the editor's own (a preview
 * there would cover the document); when the only previews share the editor's column (the document
 * was opened in the preview's column), the nearest other column open; `'beside'` when no preview
 * is open, or no other column is.
 */
export function previewColumnFor(
  editorColumn: number | undefined,
  previewColumns: readonly (number | undefined)[],
  groupColumns: readonly number[] = [],
): number | 'beside' {
  const shown = previewColumns.filter((column): column is number => column !== undefined);
  if (shown.length === 0) return 'beside';
  const elsewhere = shown.filter((column) => column !== editorColumn);
  return (
    nearest(editorColumn, elsewhere) ??
    nearest(
      editorColumn,
      groupColumns.filter((column) => column !== editorColumn),
    ) ??
    'beside'
  );
}

/** The column of `columns` nearest `to`; of two as near, the one after it (where Beside would open). */
function nearest(to: number | undefined, columns: readonly number[]): number | undefined {
  const distance = (column: number): number => (to === undefined ? column : Math.abs(column - to));
  let best: number | undefined;
  for (const column of columns) {
    if (best === undefined || distance(column) < distance(best) || (distance(column) === distance(best) && column > best)) best = column;
  }
  return best;
}
