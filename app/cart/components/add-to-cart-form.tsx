import { Trans, useLingui } from "@lingui/react/macro";
import { useFetcher, useLocation } from "@remix-run/react";
import { useLocalePath } from "~/i18n/use-locale.ts";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/ui/hooks/use-hydrated.ts";
import { westernDigits } from "~/utils/digits.ts";
import type { CartActionAnswer } from "~/cart/views.ts";
import { afterAddToCartLinks } from "~/cart/after-add-links.ts";
import { EnhancedFlag } from "~/ui/enhanced-flag.tsx";
import { CloseIcon, MinusIcon, PlusIcon } from "~/ui/icons.tsx";
import { ToastLinks } from "~/shell/toaster.tsx";
import { Button } from "~/ui/button.tsx";

export type AddToCartFormProps = {
  productId: number;
  sizes: string[];
  /** The size chosen on the product page (`?size=`), null until one is. */
  selectedSize: string | null;
  /** Stock minus what the cart already holds of this product and size. */
  available: number;
};

/** The product page's alerts hide after 3 s. */
const ALERT_MS = 3_000;

type Alert = { ok: boolean; message: string };

/**
 * An alert that hides after 3 s, unless the shopper is on it (pointer or focus): the success
 * alert holds links, which must not vanish under a finger.
 */
function useAutoHidingAlert(): [Alert | null, (alert: Alert | null) => void, () => void] {
  const [alert, setAlert] = useState<Alert | null>(null);
  const [held, setHeld] = useState(false);
  useEffect(() => {
    setHeld(false);
  }, [alert]);
  useEffect(() => {
    if (!alert || held) return;
    const timer = setTimeout(() => setAlert(null), ALERT_MS);
    return () => clearTimeout(timer);
  }, [alert, held]);
  return [alert, setAlert, () => setHeld(true)];
}

/**
 * Add to Cart: a POST to /cart that works without JavaScript (the action redirects back here with
 * a toast). With JavaScript it is a fetcher: no reload, an inline dismissible alert, the header
 * badge updates when the root loader revalidates, and the quantity goes back to 1.
 */
export function AddToCartForm({ productId, sizes, selectedSize, available }: AddToCartFormProps) {
  const fetcher = useFetcher<CartActionAnswer>();
  const location = useLocation();
  // The field's text, so it can be emptied while typing: snapping "" to 1 made typing 3 give 13.
  const [quantityText, setQuantityText] = useState("1");
  const [alert, setAlert, holdAlert] = useAutoHidingAlert();
  const outOfStock = available <= 0;
  const needsSize = sizes.length > 0 && selectedSize === null;
  const busy = fetcher.state !== "idle";
  const hydrated = useHydrated();
  const quantity = Number.parseInt(quantityText, 10) || 0;
  const { i18n, t } = useLingui();
  const to = useLocalePath();

  // Another size chosen (the page's loader ran again): the stepper follows that size's stock.
  useEffect(() => {
    setQuantityText((text) => {
      const typed = Number.parseInt(text, 10);
      return Number.isInteger(typed) && typed > available ? String(Math.max(available, 1)) : text;
    });
  }, [available]);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    setAlert(fetcher.data.message ? { ok: fetcher.data.ok, message: fetcher.data.message } : null);
    if (fetcher.data.ok) setQuantityText("1");
  }, [fetcher.state, fetcher.data, setAlert]);

  /** Never above the available stock (an alert says why), never below 1. */
  const change = (next: number) => {
    if (next < 1) return;
    if (next > available) {
      setAlert({
        ok: false,
        message: outOfStock ? t`This product is out of stock` : t`Only ${available} items available in stock`,
      });
      return;
    }
    setQuantityText(String(next));
  };

  /** Typed digits (Arabic-Indic too): above the stock, the stock with its 'Only N items' message, never silently less. */
  const type = (text: string) => {
    const typed = westernDigits(text).trim();
    if (typed === "") return setQuantityText("");
    if (!/^\d+$/.test(typed)) return;
    const next = Number(typed);
    if (next > available && !outOfStock) {
      setQuantityText(String(available));
      setAlert({ ok: false, message: t`Only ${available} items available in stock` });
      return;
    }
    setQuantityText(String(next));
  };

  // A quantity typed before the scripts arrived is in the field, not in the state: take it up when
  // React takes over, or the next render would put "1" back (and the stepper would count from 1).
  const quantityField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = quantityField.current?.value;
    if (typed !== undefined && typed !== "1") type(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when React takes the page over
  }, []);

  return (
    <fetcher.Form method="post" action={to("/cart")} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="size" value={selectedSize ?? ""} />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      <EnhancedFlag />
      <div>
        <label htmlFor="quantity" className="mb-2 block text-sm font-semibold text-slate-800">
          <Trans>Quantity</Trans>
        </label>
        <div className="inline-flex items-center rounded-md border border-slate-300 bg-white">
          {hydrated ? (
            <button
              type="button"
              onClick={() => change(quantity - 1)}
              disabled={outOfStock || quantity <= 1}
              className="inline-flex size-11 items-center justify-center text-slate-700 disabled:text-slate-300"
              aria-label={t`Decrease quantity`}
            >
              <MinusIcon />
            </button>
          ) : null}
          <input
            id="quantity"
            ref={quantityField}
            // Text, not number: a number field refuses the Arabic-Indic digits a Lebanese keyboard types.
            type="text"
            name="quantity"
            inputMode="numeric"
            autoComplete="off"
            value={quantityText}
            onChange={(event) => type(event.target.value)}
            onBlur={() => {
              if (quantity < 1) setQuantityText("1");
            }}
            // No `max` nor `required`: the browser would block the post with its own wording; the
            // server responds with the shop's own 'Only N items available in stock' instead.
            disabled={outOfStock}
            className="tabular min-h-11 w-16 border-0 bg-transparent text-center text-base"
          />
          {hydrated ? (
            <button
              type="button"
              onClick={() => change(Math.max(quantity, 0) + 1)}
              disabled={outOfStock}
              className="inline-flex size-11 items-center justify-center text-slate-700 disabled:text-slate-300"
              aria-label={t`Increase quantity`}
            >
              <PlusIcon />
            </button>
          ) : null}
        </div>
      </div>
      {needsSize && !outOfStock ? (
        <p className="text-sm text-slate-600">
          <Trans>Choose a size above to add this product to your cart.</Trans>
        </p>
      ) : null}
      <Button
        type="submit"
        disabled={outOfStock || needsSize}
        pending={busy}
        className="w-full sm:w-auto sm:self-start sm:px-10"
      >
        {outOfStock ? <Trans>Out of Stock</Trans> : <Trans>Add to Cart</Trans>}
      </Button>
      {alert ? (
        <div
          role={alert.ok ? "status" : "alert"}
          onPointerEnter={holdAlert}
          onFocus={holdAlert}
          className={`flex items-start gap-3 rounded-md border-s-4 px-4 py-3 text-sm font-medium ${alert.ok ? "border-success-700 bg-success-50 text-success-700" : "border-danger-700 bg-danger-50 text-danger-700"}`}
        >
          <div>
            <p>{alert.message}</p>
            {alert.ok ? <ToastLinks links={afterAddToCartLinks(i18n)} /> : null}
          </div>
          <button
            type="button"
            onClick={() => setAlert(null)}
            className="-m-2 ms-auto inline-flex size-9 shrink-0 items-center justify-center rounded"
            aria-label={t`Dismiss`}
          >
            <CloseIcon className="size-4" />
          </button>
        </div>
      ) : null}
    </fetcher.Form>
  );
}
