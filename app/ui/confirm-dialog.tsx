import * as RadixDialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { DIALOG_CONTENT_FITS } from "~/ui/dialog.tsx";
import { useHydrated } from "~/ui/hooks/use-hydrated.ts";

type ConfirmDialogProps = { title: string; onCancel: () => void; children: ReactNode };

/**
 * The question before a destructive action. The server handles it (so it works without
 * JavaScript, as a panel on the page); with JavaScript it becomes a modal alert dialog that takes
 * the focus (on the element marked `data-autofocus`, the safe choice), where Escape cancels and a
 * click outside does nothing.
 */
export function ConfirmDialog({ title, onCancel, children }: ConfirmDialogProps) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <section
        role="alertdialog"
        aria-labelledby="confirm-heading"
        className={`rounded-card border-2 border-danger-700/40 bg-white p-4 shadow-card ${DIALOG_CONTENT_FITS}`}
      >
        <h2 id="confirm-heading" className="font-bold">
          {title}
        </h2>
        {children}
      </section>
    );
  }
  return (
    <RadixDialog.Root open onOpenChange={(open) => (open ? undefined : onCancel())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <RadixDialog.Content
          role="alertdialog"
          aria-describedby={undefined}
          onPointerDownOutside={(event) => event.preventDefault()}
          onOpenAutoFocus={(event) => {
            const safe = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>("[data-autofocus]");
            if (!safe) return;
            event.preventDefault();
            safe.focus();
          }}
          className={`fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100%-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card border-2 border-danger-700/40 bg-white p-4 shadow-card sm:p-6 ${DIALOG_CONTENT_FITS}`}
        >
          <RadixDialog.Title className="font-bold">{title}</RadixDialog.Title>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
