import { Form } from "@remix-run/react";
import { Button } from "./ui/button.tsx";

export type AddToCartFormProps = {
  productId: number;
  sizes: string[];
  /** Stock minus what the cart already holds of this product. */
  available: number;
};

/**
 * The product page's Add to Cart form. A plain POST to /cart (intent "add"), so it works without
 * JavaScript; /cart answers with a redirect back here and a toast.
 */
export function AddToCartForm({ productId, sizes, available }: AddToCartFormProps) {
  const outOfStock = available <= 0;
  return (
    <Form method="post" action="/cart" className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      {sizes.length > 0 ? (
        <fieldset disabled={outOfStock}>
          <legend className="mb-2 text-sm font-medium text-slate-800">Choose Size</legend>
          <div className="flex flex-wrap gap-2">
            {sizes.map((size) => (
              <label key={size} className="cursor-pointer">
                <input type="radio" name="size" value={size} required className="peer sr-only" />
                <span className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-slate-300 px-3 font-medium peer-checked:border-brand-700 peer-checked:bg-brand-50 peer-checked:text-brand-800 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600 peer-disabled:opacity-50">
                  {size}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div>
        <label htmlFor="quantity" className="mb-2 block text-sm font-medium text-slate-800">
          Quantity
        </label>
        <input
          id="quantity"
          type="number"
          name="quantity"
          defaultValue={1}
          min={1}
          max={Math.max(available, 1)}
          required
          disabled={outOfStock}
          className="tabular min-h-11 w-24 rounded-md border border-slate-300 px-3"
        />
      </div>
      <Button type="submit" disabled={outOfStock} className="w-full sm:w-auto">
        {outOfStock ? "Out of Stock" : "Add to Cart"}
      </Button>
    </Form>
  );
}
