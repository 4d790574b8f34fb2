import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Breadcrumb } from "~/ui/breadcrumb.tsx";
import { GRADES, PACKAGINGS } from "~/catalogue/condition.ts";
import { gradeText, packagingText } from "~/catalogue/condition-text.ts";
import { canonicalLink } from "~/utils/seo.ts";
import { i18nOfMatches } from "~/i18n/i18n-of-matches.ts";
import { localeOfPath, localePath } from "~/i18n/locale.ts";
import { useLocalePath } from "~/i18n/use-locale.ts";

export const meta: MetaFunction = ({ matches, location }) => {
  const i18n = i18nOfMatches(matches, location.pathname);
  return [
    { title: i18n._(msg`Condition guide: open box, damaged box, no box | OpenBox Lebanon`) },
    {
      name: "description",
      content: i18n._(
        msg`What Open box, Damaged box and No box mean, and how we grade items Like new, Very good or Good, with an example of each.`,
      ),
    },
    canonicalLink(matches, localePath(localeOfPath(location.pathname), "/condition-guide")),
  ];
};

/** Explains each packaging and grade with an example; linked from every product's Condition section and the footer. */
export default function ConditionGuide() {
  const { i18n, t } = useLingui();
  const to = useLocalePath();
  const sections = [
    {
      id: "packaging",
      heading: t`Packaging: the state of the box`,
      entries: PACKAGINGS.map((value) => ({ value, ...packagingText(i18n, value) })),
    },
    {
      id: "grade",
      heading: t`Grade: the state of the item`,
      entries: GRADES.map((value) => ({ value, ...gradeText(i18n, value) })),
    },
  ];
  return (
    <article className="mx-auto max-w-3xl">
      <Breadcrumb crumbs={[{ label: t`Home`, to: to("/") }, { label: t`Condition guide` }]} />
      <h1 className="text-2xl font-bold tracking-tight md:text-3xl">
        <Trans>Condition guide</Trans>
      </h1>
      <p className="mt-2 leading-relaxed text-slate-700">
        <Trans>
          Every item we sell says two things on its page: what state its box is in, and what state the item itself is
          in. Anything missing, marked or different is written in its condition notes, and ‘In the box’ lists exactly
          what you receive.
        </Trans>
      </p>
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={`${section.id}-heading`} className="mt-8">
          <h2 id={`${section.id}-heading`} className="text-xl font-bold">
            {section.heading}
          </h2>
          <dl className="mt-3 grid gap-3">
            {section.entries.map((entry) => (
              <div key={entry.value} id={entry.value} className="rounded-card border border-slate-200 bg-white p-4">
                <dt className="font-semibold text-slate-900">{entry.label}</dt>
                <dd className="mt-1 text-slate-700">{entry.sentence}</dd>
                <dd className="mt-1 text-sm text-slate-600">
                  <Trans>For example: {entry.example}</Trans>
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <p className="mt-8">
        <Link to={to("/shop")} className="font-medium text-brand-700 underline underline-offset-2">
          <Trans>Browse the shop</Trans>
        </Link>
      </p>
    </article>
  );
}
