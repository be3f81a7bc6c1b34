/**
 * Every notification and modal question of the extension goes through here, so that every message
 * reaches the user as plain text ({@link plainText}: no command link, no icon, no hidden or
 * reordered characters, bounded length), whatever file or service string it quotes (issue 19,
 * item 11). A unit test checks that nothing in client/src calls `vscode.window.show*Message` but
 * this module.
 */

import * as vscode from 'vscode';
import { plainLines, plainText } from './userText';

/**
 * An information notification of `message` (made plain text) with `buttons`; resolves to the
 * button clicked, else undefined. Button labels are the caller's own words (plain text already).
 */
export function showInformation<T extends string>(message: string, ...buttons: T[]): Thenable<T | undefined> {
  return vscode.window.showInformationMessage(plainText(message), ...buttons);
}

/** A warning notification; as {@link showInformation}. */
export function showWarning<T extends string>(message: string, ...buttons: T[]): Thenable<T | undefined> {
  return vscode.window.showWarningMessage(plainText(message), ...buttons);
}

/** An error notification; as {@link showInformation}. */
export function showError<T extends string>(message: string, ...buttons: T[]): Thenable<T | undefined> {
  return vscode.window.showErrorMessage(plainText(message), ...buttons);
}

/**
 * A modal warning: `message` on one line and `detail` below it (line breaks kept), both plain text;
 * resolves to the button chosen, undefined when dismissed.
 */
export function askModal<T extends string>(message: string, detail: string, ...buttons: T[]): Thenable<T | undefined> {
  return vscode.window.showWarningMessage(plainText(message), { modal: true, detail: plainLines(detail) }, ...buttons);
}
