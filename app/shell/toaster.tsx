import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { Link } from "@remix-run/react";
import type { Toast, ToastLink, ToastType } from "~/platform/http/flash.ts";
import { CloseIcon } from "~/ui/icons.tsx";

export const TOAST_MS = 5_000;

export const toastStyles: Record<ToastType, string> = {
  danger: "border-danger-700 bg-danger-50 text-danger-700",
  warning: "border-warning-700 bg-warning-50 text-warning-700",
  info: "border-info-700 bg-info-50 text-info-700",
  success: "border-success-700 bg-success-50 text-success-700",
};

/** The ways on from a message, as links with room to tap. */
export function ToastLinks({ links }: { links: ToastLink[] }) {
  return (
    <p className="mt-1 flex flex-wrap gap-x-4">
      {links.map((link) => (
        <Link
          key={link.href}
          to={link.href}
          className="inline-flex min-h-11 items-center text-sm font-semibold underline underline-offset-2"
        >
          {link.label}
        </Link>
      ))}
    </p>
  );
}

/**
 * Shows the flash toast top-right for 5 s; without JavaScript it simply stays.
 * In the admin it sits at the bottom instead: top-right is where the list pages keep their search box.
 */
export function Toaster({ toast, placement = "top" }: { toast: Toast | null; placement?: "top" | "bottom" }) {
  const [shown, setShown] = useState<{ toast: Toast; key: number } | null>(toast ? { toast, key: 0 } : null);
  // Each new toast gets a new element, so its 5 s fade starts over instead of inheriting the last one's.
  const count = useRef(0);
  const { t } = useLingui();
  useEffect(() => {
    if (!toast) {
      setShown(null);
      return;
    }
    count.current += 1;
    setShown({ toast, key: count.current });
    const timer = setTimeout(() => setShown(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!shown) return null;
  const visible = shown.toast;
  return (
    <div
      className={`pointer-events-none fixed inset-x-0 z-50 flex justify-center px-4 sm:inset-x-auto sm:end-4 sm:justify-end ${placement === "top" ? "top-16" : "bottom-4"}`}
    >
      <div
        key={shown.key}
        role={visible.type === "danger" || visible.type === "warning" ? "alert" : "status"}
        data-toast={visible.type}
        className={`toast-life pointer-events-auto flex max-w-sm items-start gap-3 rounded-card border-s-4 px-4 py-3 shadow-card ${toastStyles[visible.type]}`}
      >
        <div>
          <p className="text-sm font-medium">{visible.message}</p>
          {visible.links ? <ToastLinks links={visible.links} /> : null}
        </div>
        <button
          type="button"
          onClick={() => setShown(null)}
          className="-m-2 ms-auto inline-flex size-9 shrink-0 items-center justify-center rounded"
          aria-label={t`Dismiss`}
        >
          <CloseIcon className="size-4" />
        </button>
      </div>
    </div>
  );
}
