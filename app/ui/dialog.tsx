import { useLingui } from "@lingui/react/macro";
import * as RadixDialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { useHydrated } from "~/ui/hooks/use-hydrated.ts";
import { CloseIcon } from "./icons.tsx";

type RouteDialogProps = { title: string; onClose: () => void; children: ReactNode; wide?: boolean };

/**
 * What keeps a dialog's content inside its edges on a phone: a word longer than the line (an
 * email, an address typed without spaces, in either direction) breaks where it must, so a column
 * of a grid or a flex row never grows past the dialog. A wide table keeps its width and scrolls
 * in its own box (`overflow-x-auto` around it), as the order dialog's items do.
 */
export const DIALOG_CONTENT_FITS = "min-w-0 wrap-anywhere";

/**
 * A dialog that is a route: with JavaScript a Radix Dialog over the page (focus trapped, Escape
 * closes); without it the same content as a plain section of the page, reached by a real link.
 */
export function RouteDialog({ title, onClose, children, wide = false }: RouteDialogProps) {
  const hydrated = useHydrated();
  const { t } = useLingui();
  if (!hydrated) {
    return (
      <section
        aria-label={title}
        className={`rounded-card border-2 border-brand-700/30 bg-white p-4 shadow-card ${DIALOG_CONTENT_FITS}`}
      >
        <h2 className="mb-3 text-lg font-bold">{title}</h2>
        {children}
      </section>
    );
  }
  return (
    <RadixDialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className={`fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100%-1.5rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card bg-white p-4 shadow-card sm:p-6 ${DIALOG_CONTENT_FITS} ${wide ? "max-w-4xl" : "max-w-2xl"}`}
        >
          <div className="mb-3 flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-lg font-bold">{title}</RadixDialog.Title>
            <RadixDialog.Close
              className="-m-2 inline-flex size-11 items-center justify-center rounded text-slate-600 hover:bg-slate-100"
              aria-label={t`Close`}
            >
              <CloseIcon />
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
