import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Grade, Packaging } from "./condition.ts";

/**
 * The condition's labels, sentences and examples as shopper pages show them, in the page's
 * language (issue 31). The English words are condition.ts's, which the admin, the /api/ and the
 * activity log keep using; a unit test (tests/unit/condition-text.test.ts) holds the two equal.
 * Kept apart from condition.ts because the database schema imports that file outside the build.
 */
type ExplainedText = { label: MessageDescriptor; sentence: MessageDescriptor; example: MessageDescriptor };

export const PACKAGING_TEXT: Record<Packaging, ExplainedText> = {
  "open-box": {
    label: msg`Open box`,
    sentence: msg`The box was opened, usually for a return or a display; the item inside is complete.`,
    example: msg`A blender returned unused by a customer, checked, with its seal cut and every part in place.`,
  },
  "damaged-box": {
    label: msg`Damaged box`,
    sentence: msg`The box was damaged in transport; the item inside is new and complete.`,
    example: msg`A kettle whose carton was crushed on one corner in shipping; the kettle itself is untouched.`,
  },
  "no-box": {
    label: msg`No box`,
    sentence: msg`The item comes without its original box, packed safely for delivery.`,
    example: msg`A display drill from a shop shelf, sent wrapped in protective packaging instead of its retail box.`,
  },
};

export const GRADE_TEXT: Record<Grade, ExplainedText> = {
  "like-new": {
    label: msg`Like new`,
    sentence: msg`No visible marks or signs of use; it looks and works like a new one.`,
    example: msg`A toaster taken out of its box once and put back, with no scratch anywhere.`,
  },
  "very-good": {
    label: msg`Very good`,
    sentence: msg`Light marks you can see up close, such as a small scuff; it works perfectly.`,
    example: msg`A vacuum cleaner with a faint scuff on its side that you notice only when looking for it.`,
  },
  good: {
    label: msg`Good`,
    sentence: msg`Visible marks or signs of use, described in the notes; it works perfectly.`,
    example: msg`A microwave with a scratch across its top and a small dent on the back panel.`,
  },
};

type Explained = { label: string; sentence: string; example: string };

function explained(i18n: I18n, text: ExplainedText | undefined, value: string): Explained {
  if (!text) return { label: value, sentence: "", example: "" };
  return { label: i18n._(text.label), sentence: i18n._(text.sentence), example: i18n._(text.example) };
}

/** A packaging's label, sentence and example in the page's language (an unknown value: itself). */
export const packagingText = (i18n: I18n, value: string): Explained =>
  explained(i18n, PACKAGING_TEXT[value as Packaging], value);

/** A grade's label, sentence and example in the page's language (an unknown value: itself). */
export const gradeText = (i18n: I18n, value: string): Explained => explained(i18n, GRADE_TEXT[value as Grade], value);
