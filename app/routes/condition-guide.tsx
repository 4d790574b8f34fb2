import { Trans, useLingui } from "@lingui/react/macro";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/ui/breadcrumb.tsx";
import { canonicalLink } from "~/utils/seo.ts";
import { conditionGuideText } from "~/catalogue/page-text.server.ts";
import { i18nOfRequest } from "~/i18n/i18n.server.ts";
import { localeOfPath, localePath } from "~/i18n/locale.ts";
import { useLocalePath } from "~/i18n/use-locale.ts";
import { withShareTags } from "~/shell/share-tags.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  return conditionGuideText(i18nOfRequest(request));
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  withShareTags(
    [
      { title: data?.title },
      { name: "description", content: data?.description },
      canonicalLink(matches, localePath(localeOfPath(location.pathname), "/condition-guide")),
    ],
    { matches, location },
  );

/** Explains each packaging and grade with an example; linked from every product's Condition section and the footer. */
export default function ConditionGuide() {
  const text = useLoaderData<typeof loader>();
  const { t } = useLingui();
  const to = useLocalePath();
  const sections = [
    { id: "packaging", heading: t`Packaging: the state of the box`, entries: text.packaging },
    { id: "grade", heading: t`Grade: the state of the item`, entries: text.grade },
  ];
  return (
    <article className="mx-auto max-w-3xl">
      <Breadcrumb crumbs={[{ label: t`Home`, to: to("/") }, { label: t`Condition guide` }]} />
      <h1 className="text-2xl font-bold tracking-tight md:text-3xl">
        <Trans>Condition guide</Trans>
      </h1>
      <p className="mt-2 leading-relaxed text-slate-700">{text.intro}</p>
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
