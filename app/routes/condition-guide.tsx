import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Breadcrumb } from "~/ui/breadcrumb.tsx";
import { GRADE_INFO, GRADES, PACKAGING_INFO, PACKAGINGS } from "~/catalogue/condition.ts";
import { canonicalLink } from "~/utils/seo.ts";

export const meta: MetaFunction = ({ matches }) => [
  { title: "Condition guide: open box, damaged box, no box | OpenBox Lebanon" },
  {
    name: "description",
    content:
      "What Open box, Damaged box and No box mean, and how we grade items Like new, Very good or Good, with an example of each.",
  },
  canonicalLink(matches, "/condition-guide"),
];

const sections = [
  {
    id: "packaging",
    heading: "Packaging: the state of the box",
    entries: PACKAGINGS.map((value) => ({ value, ...PACKAGING_INFO[value] })),
  },
  {
    id: "grade",
    heading: "Grade: the state of the item",
    entries: GRADES.map((value) => ({ value, ...GRADE_INFO[value] })),
  },
];

/** Explains each packaging and grade with an example; linked from every product's Condition section and the footer. */
export default function ConditionGuide() {
  return (
    <article className="mx-auto max-w-3xl">
      <Breadcrumb crumbs={[{ label: "Home", to: "/" }, { label: "Condition guide" }]} />
      <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Condition guide</h1>
      <p className="mt-2 leading-relaxed text-slate-700">
        Every item we sell says two things on its page: what state its box is in, and what state the item itself is in.
        Anything missing, marked or different is written in its condition notes, and &lsquo;In the box&rsquo; lists
        exactly what you receive.
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
                <dd className="mt-1 text-sm text-slate-600">For example: {entry.example}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <p className="mt-8">
        <Link to="/shop" className="font-medium text-brand-700 underline underline-offset-2">
          Browse the shop
        </Link>
      </p>
    </article>
  );
}
