import { Trans, useLingui } from "@lingui/react/macro";
import { Form, useNavigate } from "@remix-run/react";
import { useLocale, useLocalePath } from "~/i18n/use-locale.ts";
import { shownTitle } from "~/catalogue/shown-text.ts";
import { useEffect, useId, useRef, useState } from "react";
import { formatMoney } from "~/utils/money.ts";
import { MIN_SEARCH_LENGTH } from "~/catalogue/options.ts";
import type { SearchSuggestion } from "~/catalogue/views.ts";
import { SearchIcon } from "~/ui/icons.tsx";

const DEBOUNCE_MS = 250;

type SuggestionsResult = { query: string; suggestions: SearchSuggestion[] };

/**
 * The header search: a GET form to /shop?search= that works without JavaScript. With it, typing
 * more than 2 characters shows up to 5 suggestions (a combobox: arrow keys, Enter, Escape), or
 * 'No products found'. On a phone the list sits in the page's flow (the search drawer scrolls, and
 * would clip a list floating over what follows); from 768 px it floats below the box.
 * Each request aborts the one before, so a stale response never replaces a newer one. A plain fetch
 * of the resource route, not a fetcher: a fetcher's route lookup (lazy route discovery) that fails
 * mid-navigation would take the whole page to the error screen, for a mere suggestion.
 */
export function SearchBox({ id, autoFocus = false }: { id: string; autoFocus?: boolean }) {
  const [result, setResult] = useState<SuggestionsResult>();
  const request = useRef<AbortController>();
  const navigate = useNavigate();
  const { t } = useLingui();
  const locale = useLocale();
  const to = useLocalePath();
  const listId = useId();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  // Closing on blur waits a moment (a click on a suggestion lands first); coming back cancels it.
  const closing = useRef<ReturnType<typeof setTimeout>>();
  const trimmed = text.trim();
  const suggestions = trimmed.length >= MIN_SEARCH_LENGTH && result?.query === trimmed ? result.suggestions : [];
  const showList = open && trimmed.length >= MIN_SEARCH_LENGTH && result !== undefined;
  const noMatches = result?.query === trimmed && result.suggestions.length === 0;
  const viewAllHref = to(`/shop?search=${encodeURIComponent(trimmed)}`);
  // The options: each suggestion, then 'View all results'.
  const optionCount = suggestions.length + 1;

  const cancelPending = () => {
    clearTimeout(timer.current);
    clearTimeout(closing.current);
    request.current?.abort();
  };
  useEffect(() => cancelPending, []);

  const loadSuggestions = (query: string) => {
    const controller = new AbortController();
    request.current = controller;
    fetch(`/search/suggestions?q=${encodeURIComponent(query)}`, { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<SuggestionsResult>) : undefined))
      .then((next) => next && setResult(next))
      // Aborted or offline: suggestions are only a help, so no message is shown for them.
      .catch(() => undefined);
  };

  const onChange = (value: string, focused = true) => {
    setText(value);
    setActive(-1);
    setOpen(focused);
    cancelPending();
    const query = value.trim();
    if (query.length < MIN_SEARCH_LENGTH) return;
    timer.current = setTimeout(() => loadSuggestions(query), DEBOUNCE_MS);
  };

  // What was typed before the page's scripts took over (they start once the page has loaded,
  // decision 030) is taken up as if typed now, so its suggestions follow.
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = box.current?.value;
    if (typed) onChange(typed, document.activeElement === box.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on hydration
  }, []);

  const go = (href: string) => {
    cancelPending();
    setOpen(false);
    navigate(href);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (!showList) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const down = event.key === "ArrowDown";
      setActive((current) => (down ? (current + 1) % optionCount : current <= 0 ? optionCount - 1 : current - 1));
    } else if (event.key === "Escape") {
      setOpen(false);
    } else if (event.key === "Enter" && active >= 0) {
      event.preventDefault();
      go(active < suggestions.length ? to(`/shop/product/${suggestions[active]!.id}`) : viewAllHref);
    }
  };

  return (
    <Form
      method="get"
      action={to("/shop")}
      role="search"
      className="relative flex w-full flex-wrap md:flex-nowrap"
      onSubmit={(event) => {
        // An empty search does nothing.
        if (!trimmed) event.preventDefault();
        cancelPending();
        setOpen(false);
      }}
    >
      <label htmlFor={id} className="sr-only">
        <Trans>Search products</Trans>
      </label>
      <input
        id={id}
        type="search"
        name="search"
        required
        // Spaces alone are an empty search: without JavaScript the browser holds it back too.
        pattern=".*\S.*"
        title={t`Type what you are looking for`}
        // Only the phone drawer's box asks for it: opening the drawer is asking to type.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={autoFocus}
        autoComplete="off"
        placeholder={t`Search products...`}
        ref={box}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          closing.current = setTimeout(() => setOpen(false), 150);
        }}
        onFocus={() => {
          clearTimeout(closing.current);
          setOpen(true);
        }}
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        className="min-h-11 w-full min-w-0 flex-1 rounded-s-md border border-slate-300 bg-white px-3 text-base"
      />
      <button
        type="submit"
        className="min-h-11 rounded-e-md bg-brand-700 px-3 text-white hover:bg-brand-800"
        aria-label={t`Search`}
      >
        <SearchIcon />
      </button>
      {showList ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={t`Search suggestions`}
          className="mt-1 w-full overflow-hidden rounded-card border border-slate-200 bg-white shadow-card md:absolute md:inset-x-0 md:top-full md:z-50"
        >
          {noMatches ? (
            <li role="option" aria-disabled="true" aria-selected={false} className="px-3 py-3 text-sm text-slate-600">
              <Trans>No products found</Trans>
            </li>
          ) : null}
          {suggestions.map((suggestion, index) => (
            // The combobox's input owns the keyboard (arrows and Enter, aria-activedescendant).
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={suggestion.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={active === index}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => go(to(`/shop/product/${suggestion.id}`))}
              className={`flex min-h-12 cursor-pointer items-center gap-3 px-3 py-2 ${active === index ? "bg-brand-50" : "hover:bg-slate-50"}`}
            >
              {suggestion.image ? (
                <img
                  src={suggestion.image.src}
                  alt=""
                  width={40}
                  height={40}
                  className="size-10 shrink-0 rounded bg-slate-100 object-contain"
                />
              ) : (
                <span className="size-10 shrink-0 rounded bg-slate-100" />
              )}
              <span dir="auto" className="line-clamp-1 flex-1 text-sm text-slate-900">
                {shownTitle(suggestion, locale)}
              </span>
              <span dir="ltr" className="tabular text-sm font-semibold">
                {formatMoney(suggestion.priceCents)}
              </span>
            </li>
          ))}
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the input owns the keyboard, as above */}
          <li
            id={`${listId}-${suggestions.length}`}
            role="option"
            aria-selected={active === suggestions.length}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => go(viewAllHref)}
            className={`cursor-pointer border-t border-slate-200 px-3 py-3 text-sm font-medium text-brand-700 ${active === suggestions.length ? "bg-brand-50" : "hover:bg-slate-50"}`}
          >
            <Trans>View all results for "{trimmed}"</Trans>
          </li>
        </ul>
      ) : null}
    </Form>
  );
}
