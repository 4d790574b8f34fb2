import { Form, Link, useNavigate, useSearchParams } from "@remix-run/react";
import { ConfirmDialog } from "~/ui/confirm-dialog.tsx";
import { Button, buttonClass } from "~/ui/button.tsx";

export type ConfirmIntent = "hide" | "delete" | "delete-product";

/** The products a hide or delete would touch, as the action returns them before it acts. */
export type ProductConfirmation = { intent: ConfirmIntent; products: { id: number; title: string }[] };

const CONFIRM_VERB: Record<ConfirmIntent, string> = { hide: "Hide", delete: "Delete", "delete-product": "Delete" };

export function ProductConfirmPanel({ confirm }: { confirm: ProductConfirmation }) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const list = `/admin/products?${searchParams.toString()}`;
  const verb = CONFIRM_VERB[confirm.intent];
  const single = confirm.intent === "delete-product";
  const title = single ? `Delete "${confirm.products[0]?.title}"?` : `${verb} ${confirm.products.length} product(s)?`;
  return (
    <ConfirmDialog title={title} onCancel={() => navigate(list, { preventScrollReset: true, replace: true })}>
      {single ? null : (
        <ul className="mt-2 list-inside list-disc text-sm text-slate-700">
          {confirm.products.slice(0, 10).map((product) => (
            <li key={product.id}>{product.title}</li>
          ))}
          {confirm.products.length > 10 ? <li>and {confirm.products.length - 10} more</li> : null}
        </ul>
      )}
      {confirm.intent === "hide" ? null : (
        <p className="mt-2 text-sm text-danger-700">
          {single
            ? "This also deletes its images and cannot be undone."
            : "This also deletes their images and cannot be undone."}
        </p>
      )}
      <Form method="post" action={list} preventScrollReset className="mt-3 flex flex-wrap gap-2">
        {single ? (
          <input type="hidden" name="id" value={confirm.products[0]?.id} />
        ) : (
          confirm.products.map((product) => <input key={product.id} type="hidden" name="ids" value={product.id} />)
        )}
        <Button type="submit" name="intent" value={confirm.intent} variant="danger">
          Yes, {verb.toLowerCase()}
        </Button>
        <Link to={list} replace preventScrollReset className={buttonClass("secondary")} data-autofocus>
          Cancel
        </Link>
      </Form>
    </ConfirmDialog>
  );
}
