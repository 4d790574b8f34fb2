import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { GRADES, type Grade, type Packaging, PACKAGINGS } from "./condition.ts";
import { gradeText, packagingText } from "./condition-text.ts";

/**
 * The catalogue pages' longer texts, said by their loaders in the page's language. Kept
 * on the server (the `server` catalogue): each is shown once, from the loader's data, so the
 * browser's catalogue, which every page downloads, does not carry them. The condition's short
 * labels stay in condition-text.ts: the cards and filters render them in the browser.
 */

const SENTENCES: Record<Packaging | Grade, { sentence: MessageDescriptor; example: MessageDescriptor }> = {
  "open-box": {
    sentence: msg`The box was opened, usually for a return or a display; the item inside is complete.`,
    example: msg`A blender returned unused by a customer, checked, with its seal cut and every part in place.`,
  },
  "damaged-box": {
    sentence: msg`The box was damaged in transport; the item inside is new and complete.`,
    example: msg`A kettle whose carton was crushed on one corner in shipping; the kettle itself is untouched.`,
  },
  "no-box": {
    sentence: msg`The item comes without its original box, packed safely for delivery.`,
    example: msg`A display drill from a shop shelf, sent wrapped in protective packaging instead of its retail box.`,
  },
  "like-new": {
    sentence: msg`No visible marks or signs of use; it looks and works like a new one.`,
    example: msg`A toaster taken out of its box once and put back, with no scratch anywhere.`,
  },
  "very-good": {
    sentence: msg`Light marks you can see up close, such as a small scuff; it works perfectly.`,
    example: msg`A vacuum cleaner with a faint scuff on its side that you notice only when looking for it.`,
  },
  good: {
    sentence: msg`Visible marks or signs of use, described in the notes; it works perfectly.`,
    example: msg`A microwave with a scratch across its top and a small dent on the back panel.`,
  },
};

export type ExplainedCondition = { value: string; label: string; sentence: string; example: string };

/** A packaging's or grade's label, sentence and example in the page's language. */
export function explainedCondition(i18n: I18n, kind: "packaging" | "grade", value: Packaging | Grade) {
  const label = (kind === "packaging" ? packagingText : gradeText)(i18n, value).label;
  const { sentence, example } = SENTENCES[value];
  return { value, label, sentence: i18n._(sentence), example: i18n._(example) } satisfies ExplainedCondition;
}

/** The home page's head and its 'About US' paragraph. */
export function homeText(i18n: I18n) {
  return {
    title: i18n._(msg`OpenBox Lebanon | Open-box, damaged-box and no-box deals`),
    description: i18n._(
      msg`Inspected open-box, damaged-box and no-box goods at lower prices, delivered across Lebanon.`,
    ),
    aboutLead: i18n._(msg`We sell open-box, damaged-box and no-box goods from brands you know.`),
    aboutRest: i18n._(
      msg`Some boxes were opened for a display or a return, some were dented or torn on the way, and some items come with no box at all. Every item is inspected and checked before it is listed, with its condition written on its page, and because the packaging is not counted in the price, you pay less for the same product. We deliver across Lebanon and you pay cash on delivery.`,
    ),
  };
}

/** The condition guide: its head, its introduction and every packaging and grade explained. */
export function conditionGuideText(i18n: I18n) {
  return {
    title: i18n._(msg`Condition guide: open box, damaged box, no box | OpenBox Lebanon`),
    description: i18n._(
      msg`What Open box, Damaged box and No box mean, and how we grade items Like new, Very good or Good, with an example of each.`,
    ),
    intro: i18n._(
      msg`Every item we sell says two things on its page: what state its box is in, and what state the item itself is in. Anything missing, marked or different is written in its condition notes, and ‘In the box’ lists exactly what you receive.`,
    ),
    packaging: PACKAGINGS.map((value) => explainedCondition(i18n, "packaging", value)),
    grade: GRADES.map((value) => explainedCondition(i18n, "grade", value)),
  };
}
