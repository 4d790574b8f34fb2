import { Trans, useLingui } from "@lingui/react/macro";
import { Form, useSubmit } from "@remix-run/react";
import type { Grade, Packaging } from "~/catalogue/condition.ts";
import { gradeText, packagingText } from "~/catalogue/condition-text.ts";
import { useLocalePath } from "~/i18n/use-locale.ts";
import { useRef } from "react";
import { useEarlyChanges } from "~/ui/hooks/use-early-changes.ts";
import { useHydrated } from "~/ui/hooks/use-hydrated.ts";
import type { ConditionFacets } from "~/catalogue/views.ts";
import { buttonClass } from "~/ui/button.tsx";
import { KEEP_FILTERS_OPEN } from "./filter-sheet.tsx";

type ConditionFilterProps = {
  facets: ConditionFacets;
  selected: { packaging: Packaging[]; grade: Grade[] };
  /** The other listing parameters (search, category, sort), kept when the condition changes. */
  keep: { search: string; category: string | null; sort: string | null };
  /** 'In stock only', a listing's and a search's alike. */
  inStock: boolean;
};

/**
 * The Filters panel's 'Packaging' and 'Grade': checkboxes in a GET form (each ticked value repeats in
 * the URL), each with how many products it would list. Without JavaScript 'Apply' submits; with it a tick does.
 */
export function ConditionFilter({ facets, selected, keep, inStock }: ConditionFilterProps) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const { i18n, t } = useLingui();
  const to = useLocalePath();
  const groups = [
    {
      name: "packaging",
      legend: t`Packaging`,
      options: facets.packaging.map((facet) => ({ ...facet, label: packagingText(i18n, facet.value).label })),
      chosen: selected.packaging as string[],
    },
    {
      name: "grade",
      legend: t`Grade`,
      options: facets.grade.map((facet) => ({ ...facet, label: gradeText(i18n, facet.value).label })),
      chosen: selected.grade as string[],
    },
  ];
  // The sheet stays open on a phone: the next tick is one tap away.
  const apply = (form: HTMLFormElement) => submit(form, { preventScrollReset: true, state: KEEP_FILTERS_OPEN });
  const formRef = useRef<HTMLFormElement>(null);
  useEarlyChanges(formRef, apply);
  return (
    <Form
      ref={formRef}
      method="get"
      action={to("/shop")}
      preventScrollReset
      className="mt-3 border-t border-slate-200 pt-3"
      onChange={(event) => apply(event.currentTarget)}
    >
      {keep.search ? <input type="hidden" name="search" value={keep.search} /> : null}
      {keep.category ? <input type="hidden" name="category" value={keep.category} /> : null}
      {keep.sort ? <input type="hidden" name="sort" value={keep.sort} /> : null}
      {groups.map((group) => (
        <fieldset key={group.name} className="mb-2">
          <legend className="flex min-h-10 items-center font-semibold text-slate-900">{group.legend}</legend>
          {group.options.map((option) => (
            <label
              key={option.value}
              className="flex min-h-10 cursor-pointer items-center gap-2 rounded px-2 text-sm text-slate-700 hover:bg-slate-100"
            >
              {/* Keyed by the selection, so the box shows the listing's state again after a link (Clear) changes it. */}
              <input
                key={String(group.chosen.includes(option.value))}
                type="checkbox"
                name={group.name}
                value={option.value}
                defaultChecked={group.chosen.includes(option.value)}
                className="size-4"
              />
              <span className="flex-1">{option.label}</span>
              <span dir="ltr" className="tabular text-slate-500">
                ({option.count})
              </span>
            </label>
          ))}
        </fieldset>
      ))}
      <fieldset className="mb-2">
        <legend className="flex min-h-10 items-center font-semibold text-slate-900">
          <Trans>Availability</Trans>
        </legend>
        <label className="flex min-h-10 cursor-pointer items-center gap-2 rounded px-2 text-sm text-slate-700 hover:bg-slate-100">
          <input
            key={String(inStock)}
            type="checkbox"
            name="stock"
            value="in"
            defaultChecked={inStock}
            className="size-4"
          />
          <span className="flex-1">{t`In stock only`}</span>
        </label>
      </fieldset>
      {hydrated ? null : (
        <button type="submit" className={buttonClass("secondary", "sm", "min-h-11")}>
          <Trans>Apply</Trans>
        </button>
      )}
    </Form>
  );
}
