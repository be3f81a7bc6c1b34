/**
 * `word` with its indefinite article as it is spoken: "an OpeningSentence", "an API", "an SMS",
 * "an EndCall", "a Dialogue", "a PreCallAPI", "an integer", "a string". An initialism (two or
 * more capitals first) takes "an" when its first letter is spoken with a vowel sound (A, E, F, H,
 * I, L, M, N, O, R, S, X: "an SMS", but "a URL").
 */
export function withArticle(word: string): string {
  const initialism = /^[A-Z]{2}/.test(word);
  const vowelSound = initialism ? /^[AEFHILMNORSX]/.test(word) : /^[aeiouAEIOU]/.test(word);
  return `${vowelSound ? 'an' : 'a'} ${word}`;
}
