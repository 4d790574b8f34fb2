/**
 * How Arabic is searched (decision 056): what the shopper typed is folded as the search index
 * folds the products' text (migration 0029: أ إ آ ٱ as ا, ة as ه, ى as ي, no tatweel), and each
 * Arabic word is looked up with and without the article and the letters written joined to it, so
 * «خلاط» finds «الخلاط» and «الخلاط» finds «خلاط». Every spelling is its own term of the index.
 */

/** The same folds as the index's triggers, in the same order. */
export function foldArabic(text: string): string {
  return text
    .replace(/[أإآٱ]/g, "ا")
    .replace(/ة/g, "ه")
    .replace(/ى/g, "ي")
    .replace(/ـ/g, "");
}

const ARABIC_LETTER = /[\u0621-\u064A]/;

/** Written joined before a noun: the article and the conjunctions and prepositions that take it. */
const JOINED_BEFORE_ARTICLE = ["وال", "بال", "فال", "كال", "لل", "ال"];
/** What a bare word is looked up with besides itself: with the article, and those letters before it. */
const JOINED = ["ال", "وال", "بال", "فال", "لل", "و", "ب", "ل", "ف"];
/** A stem shorter than this is not a word of its own ('ال' + one letter): nothing is stripped. */
const MIN_STEM = 2;

/**
 * The spellings one typed word is looked up as: itself, and for an Arabic word its stem (without
 * the article and what is joined before it) with each of the usual joined beginnings. A word in
 * another script is only itself.
 */
export function arabicSpellings(word: string): string[] {
  if (!ARABIC_LETTER.test(word)) return [word];
  const joined = JOINED_BEFORE_ARTICLE.find(
    (start) => word.startsWith(start) && Array.from(word.slice(start.length)).length >= MIN_STEM,
  );
  const stem = joined ? word.slice(joined.length) : word;
  return [...new Set([word, stem, ...JOINED.map((start) => start + stem)])];
}
