import type { PearlNode } from '../document/pearlDocument';
import { nodeTypeNames } from './enumNames';

/**
 * `word` with its indefinite article as it is spoken: "an OpeningSentence", "an API", "an SMS",
 * "an EndCall", "a Dialogue", "a PreCallAPI", "an integer", "a string". An initialism (two or
 * more capitals first) takes "an" when its first letter is spoken with a vowel sound (A, E, F, H,
 * I, L, M, N, O, R, S, X: "an SMS", but "a URL").
 */
export function withArticle(word: string, capital = false): string {
  const initialism = /^[A-Z]{2}/.test(word);
  const vowelSound = initialism ? /^[AEFHILMNORSX]/.test(word) : /^[aeiouAEIOU]/.test(word);
  return `${vowelSound ? (capital ? 'An' : 'an') : capital ? 'A' : 'a'} ${word}`;
}

/** The longest text quoted from the file in a message, in characters; longer values are cut with `…`. */
const maxQuoted = 60;

/** `text` for a message: cut to {@link maxQuoted} characters. */
export function quote(text: string): string {
  return text.length > maxQuoted ? `${text.slice(0, maxQuoted - 1)}…` : text;
}

/** `Dialogue node 'talk'` (its nodeId, else its name), `node 'talk'` when its type is unknown. */
export function describeNode(node: PearlNode, capital = false): string {
  const typeName = node.nodeType !== undefined ? nodeTypeNames[node.nodeType] : undefined;
  const label = node.nodeId ?? node.name;
  const text = `${typeName !== undefined ? `${typeName} node` : 'node'}${label !== undefined ? ` '${quote(label)}'` : ''}`;
  return capital ? text[0].toUpperCase() + text.slice(1) : text;
}
