/** Letters tried where a character is missing or wrong; the word's own characters join them. */
const LATIN_LETTERS = "abcdefghijklmnopqrstuvwxyz";

/**
 * Every spelling one typing mistake away from `word` (lower case): a character dropped, one too
 * many, one wrong, or two neighbours swapped ("mixr" → "mixer", "kettel" → "kettle"). Missing and
 * wrong characters are tried from the Latin letters and the word's own characters. With
 * `asPrefix` (a word still being typed, matched as a beginning) a wrong or extra last character
 * needs no spelling of its own: dropping it gives the same beginning.
 */
export function oneTypoAway(word: string, { asPrefix = false } = {}): Set<string> {
  const chars = Array.from(word);
  const alphabet = new Set([...LATIN_LETTERS, ...chars]);
  const spellings = new Set<string>();
  const join = (before: string[], middle: string[], after: string[]) => [...before, ...middle, ...after].join("");
  const last = chars.length - 1;
  for (let i = 0; i <= chars.length; i++) {
    const before = chars.slice(0, i);
    if (!(asPrefix && i === chars.length))
      for (const letter of alphabet) spellings.add(join(before, [letter], chars.slice(i)));
    if (i === chars.length) continue;
    const after = chars.slice(i + 1);
    spellings.add(join(before, [], after));
    if (!(asPrefix && i === last)) for (const letter of alphabet) spellings.add(join(before, [letter], after));
    if (i + 1 < chars.length) spellings.add(join(before, [chars[i + 1]!, chars[i]!], chars.slice(i + 2)));
  }
  spellings.delete(word);
  return spellings;
}
