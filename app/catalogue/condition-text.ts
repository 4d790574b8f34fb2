import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Grade, Packaging } from "./condition.ts";

/**
 * The condition's labels as shopper pages show them, in the page's language: the cards,
 * the filters and the chips render them in the browser. Their sentences and examples are said by
 * the loaders (page-text.server.ts). The English words are condition.ts's, which the admin, the
 * /api/ and the activity log keep using; tests/unit/condition-text.test.ts holds the two equal.
 * Kept apart from condition.ts because the database schema imports that file outside the build.
 */
export const PACKAGING_LABELS: Record<Packaging, MessageDescriptor> = {
  "open-box": msg`Open box`,
  "damaged-box": msg`Damaged box`,
  "no-box": msg`No box`,
};

export const GRADE_LABELS: Record<Grade, MessageDescriptor> = {
  "like-new": msg`Like new`,
  "very-good": msg`Very good`,
  good: msg`Good`,
};

const labelOf = (labels: Record<string, MessageDescriptor>, i18n: I18n, value: string) => {
  const label = Object.hasOwn(labels, value) ? labels[value] : undefined;
  return { label: label ? i18n._(label) : value };
};

/** A packaging's label in the page's language (an unknown value: itself). */
export const packagingText = (i18n: I18n, value: string) => labelOf(PACKAGING_LABELS, i18n, value);

/** A grade's label in the page's language (an unknown value: itself). */
export const gradeText = (i18n: I18n, value: string) => labelOf(GRADE_LABELS, i18n, value);
