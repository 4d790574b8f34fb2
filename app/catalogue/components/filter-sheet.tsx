import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { useDetailsClosedOnNavigation } from "~/ui/hooks/use-details-closed-on-navigation.ts";
import { useHydrated } from "~/ui/hooks/use-hydrated.ts";
import { buttonClass } from "~/ui/button.tsx";

/**
 * The shop's 'Filters', rendered once for both widths: from 992 px the sidebar,
 * below it a bottom drawer. It is a <details>, so the drawer opens and closes without JavaScript;
 * once open, its summary becomes the drawer's title bar and closes it. On a wide screen app.css
 * (`.filter-sheet`) hides the summary and shows the content whatever the state. With JavaScript a
 * tap on the dimmed page closes the drawer too.
 */
/** The navigation state a change made inside the sheet sends, so the sheet stays open for the next filter. */
export const KEEP_FILTERS_OPEN = { keepFiltersOpen: true };

export function FilterSheet({
  children,
  activeCount = 0,
  total,
}: {
  children: ReactNode;
  /** How many filters are on: 'Filters (2)' on the closed sheet. */
  activeCount?: number;
  /** The listing's count: with JavaScript a tick updates the listing behind and the sheet stays open until 'Show N products'. */
  total?: number;
}) {
  const ref = useDetailsClosedOnNavigation({ shownFrom: 992, keepOpenOnState: "keepFiltersOpen" });
  const hydrated = useHydrated();
  return (
    <aside aria-labelledby="filters-heading" className="lg:sticky lg:top-20 lg:self-start">
      {/* A tap on the dimmed backdrop (the details element itself) closes the sheet; the keyboard
          closes it with its title bar, a real summary. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <details
        ref={ref}
        className="filter-sheet group/sheet mt-3 rounded-card border border-slate-200 bg-white lg:mt-0"
        onClick={(event) => {
          if (event.target === event.currentTarget) event.currentTarget.open = false;
        }}
      >
        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between px-4 font-semibold">
          {activeCount > 0 ? <Trans>Filters ({activeCount})</Trans> : <Trans>Filters</Trans>}
          <span aria-hidden="true" className="text-slate-500 group-open/sheet:hidden">
            ▾
          </span>
          <span className="hidden text-sm font-medium text-brand-700 group-open/sheet:inline">
            <Trans>Close</Trans>
          </span>
        </summary>
        <div className="filter-sheet-panel border-t border-slate-200 bg-white p-4 lg:rounded-card lg:border-t-0">
          <h2 id="filters-heading" className="mb-2 hidden text-lg font-bold lg:block">
            <Trans>Filters</Trans>
          </h2>
          {children}
          {hydrated && total !== undefined ? (
            <div className="sticky bottom-0 -mx-4 -mb-4 mt-3 border-t border-slate-200 bg-white p-3 lg:hidden">
              <button
                type="button"
                className={buttonClass("primary", "md", "w-full")}
                onClick={() => {
                  if (ref.current) ref.current.open = false;
                }}
              >
                {total === 1 ? <Trans>Show 1 product</Trans> : <Trans>Show {total} products</Trans>}
              </button>
            </div>
          ) : null}
        </div>
      </details>
    </aside>
  );
}
