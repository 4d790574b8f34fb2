import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@remix-run/react";
import { useLocalePath } from "~/i18n/use-locale.ts";

/** A packaging or grade as the loader said it, in the page's language. */
type Explained = { label: string; sentence: string };
type ConditionSectionProps = { packaging: Explained; grade: Explained; notes: string; inTheBox: string[] };

/** The product page's 'Condition': both labels with their sentences, the notes, and 'In the box' as a list. */
export function ConditionSection({ packaging, grade, notes, inTheBox }: ConditionSectionProps) {
  const { t } = useLingui();
  const to = useLocalePath();
  const rows = [
    { term: t`Packaging`, info: packaging },
    { term: t`Grade`, info: grade },
  ];
  return (
    <section
      aria-labelledby="condition-heading"
      className="rounded-card border border-slate-200 bg-white p-4"
      data-testid="condition"
    >
      <h2 id="condition-heading" className="text-lg font-bold">
        <Trans>Condition</Trans>
      </h2>
      <dl className="mt-2 grid gap-2 text-sm">
        {rows.map(({ term, info }) => (
          <div key={term}>
            <dt className="text-sm text-slate-600">{term}</dt>
            <dd>
              <span className="font-semibold text-slate-900">{info.label}</span>
              <span className="text-slate-700">: {info.sentence}</span>
            </dd>
          </div>
        ))}
      </dl>
      {notes ? (
        <p dir="auto" className="mt-3 whitespace-pre-line text-sm text-slate-800">
          {notes}
        </p>
      ) : null}
      {inTheBox.length ? (
        <>
          <h3 className="mt-3 text-sm font-semibold text-slate-800">
            <Trans>In the box</Trans>
          </h3>
          <ul className="mt-1 list-inside list-disc text-sm text-slate-700">
            {inTheBox.map((item, index) => (
              <li key={index}>
                <bdi>{item}</bdi>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Link
        to={to("/condition-guide")}
        className="mt-3 inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline underline-offset-2"
      >
        <Trans>How we grade condition</Trans>
      </Link>
    </section>
  );
}
