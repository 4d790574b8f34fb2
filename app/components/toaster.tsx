import { useEffect, useState } from "react";
import type { Toast, ToastType } from "~/lib/flash.ts";
import { CloseIcon } from "./icons.tsx";

export const TOAST_MS = 5_000;

export const toastStyles: Record<ToastType, string> = {
  danger: "border-danger-700 bg-danger-50 text-danger-700",
  warning: "border-warning-700 bg-warning-50 text-warning-700",
  info: "border-info-700 bg-info-50 text-info-700",
  success: "border-success-700 bg-success-50 text-success-700",
};

/** Shows the flash toast top-right for 5 s (spec §2 "Toasts"); without JavaScript it simply stays. */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [visible, setVisible] = useState<Toast | null>(toast);
  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
    const timer = setTimeout(() => setVisible(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!visible) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-16 z-50 flex justify-center px-4 sm:inset-x-auto sm:right-4 sm:justify-end">
      <div
        role={visible.type === "danger" || visible.type === "warning" ? "alert" : "status"}
        data-toast={visible.type}
        className={`toast-life pointer-events-auto flex max-w-sm items-start gap-3 rounded-card border-l-4 px-4 py-3 shadow-card ${toastStyles[visible.type]}`}
      >
        <p className="text-sm font-medium">{visible.message}</p>
        <button type="button" onClick={() => setVisible(null)} className="-m-2 ml-auto inline-flex size-9 shrink-0 items-center justify-center rounded" aria-label="Dismiss">
          <CloseIcon className="size-4" />
        </button>
      </div>
    </div>
  );
}
