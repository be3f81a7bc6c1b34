/**
 * Whether a name typed in New Pearl… can name the new `<name>.pearl.json` file on every system the
 * workspace may be opened on (issue 19, item 14). It imports nothing from `vscode`.
 */

/** Longest name accepted, in characters, before `.pearl.json` is added. */
export const maxFileNameLength = 200;

/**
 * Names Windows reserves for devices, whatever the extension or letter case (`CON`, `con.txt`,
 * `NUL.pearl`, `COM1` … `COM9`, `LPT1` … `LPT9`, and the superscript digits Windows also counts).
 */
const reservedOnWindows = /^(CON|PRN|AUX|NUL|CONIN\$|CONOUT\$|COM[0-9¹²³]|LPT[0-9¹²³])(\..*)?$/i;

/**
 * Why `base` (the typed name, trimmed, without `.pearl.json`) cannot name the file, or undefined
 * when it can: empty; a folder in it; a character Windows refuses (`< > : " | ? *`), a control
 * character, a bidi control, a zero-width or other invisible formatting character, a line or
 * paragraph separator (they hide or reorder the name where it is shown); only dots; ending with a
 * dot or a space (Windows drops them); a name Windows reserves; more than {@link maxFileNameLength}
 * characters. The message is one sentence for the input box and quotes nothing of the name.
 */
export function fileNameProblem(base: string): string | undefined {
  if (base === '') return 'Enter a name for the new file.';
  if ([...base].length > maxFileNameLength) return `A file name has at most ${maxFileNameLength} characters.`;
  if (/[\\/]/.test(base)) return 'Enter a file name without a folder: the file goes in the folder shown.';
  if (/[<>:"|?*\p{Cc}]/u.test(base) || /^\.+$/.test(base))
    return 'A file name cannot contain < > : " | ? * or control characters, or be only dots.';
  if (/[\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u.test(base))
    return 'A file name cannot contain invisible characters (bidi controls, zero-width characters, line separators).';
  if (/[. ]$/.test(base)) return 'A file name cannot end with a dot or a space.';
  if (reservedOnWindows.test(base)) return `${base.split('.')[0].toUpperCase()} is a name Windows reserves for a device: choose another.`;
  return undefined;
}
