import { getFormProps, getInputProps } from "@conform-to/react";
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useMemo, useState } from "react";
import { ProductFields } from "~/catalogue/components/admin/product-fields.tsx";
import { Thumbnail } from "~/catalogue/components/admin/thumbnail.tsx";
import { Button, buttonClass } from "~/ui/button.tsx";
import { RouteDialog } from "~/ui/dialog.tsx";
import { Field, FormErrors, TextareaField } from "~/ui/field.tsx";
import { requireAdmin } from "~/staff/admin-session.server.ts";
import { redirectWithToast } from "~/platform/http/flash.server.ts";
import type { DatabaseUnavailable } from "~/platform/db/database-faults.server.ts";
import type { ParsedForm } from "~/platform/http/form-action.server.ts";
import { adminAction, type AdminActionArgs } from "~/staff/admin-action.server.ts";
import { IMAGE_CAPTION_MAX } from "~/catalogue/condition.ts";
import { IMAGE_ACCEPT } from "~/platform/files/image-limits.ts";
import { toDollars } from "~/utils/money.ts";
import { editFormImages, editProductSchema, FIELD_ORDER } from "~/catalogue/product-schema.ts";
import { readProductUpload } from "~/catalogue/admin/product-upload.server.ts";
import { getAdminProduct } from "~/catalogue/admin/product-list.server.ts";
import { ProductNeedsImage, ProductNotFound, StockBySizeNeeded } from "~/catalogue/admin/product-records.server.ts";
import { editProduct } from "~/catalogue/admin/product-writes.server.ts";
import { useZodForm } from "~/ui/hooks/use-zod-form.ts";
import { useHydrated } from "~/ui/hooks/use-hydrated.ts";

function productId(params: LoaderFunctionArgs["params"]) {
  if (!/^\d{1,15}$/.test(params.id ?? "")) throw new Response("Product not found", { status: 404 });
  return Number(params.id);
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context, "/admin/products/$id/edit");
  const product = getAdminProduct(context.db, context.storage, productId(params));
  if (!product) throw new Response("Product not found", { status: 404 });
  return {
    product: {
      ...product,
      price: toDollars(product.priceCents),
      oldPrice: product.oldPriceCents === null ? null : toDollars(product.oldPriceCents),
      costPrice: product.costCents === null ? null : toDollars(product.costCents),
    },
  };
}

/** A locked or full database: the form comes back as typed, with the message. */
function databaseFault(unavailable: DatabaseUnavailable, submission: ParsedForm | null) {
  return data(
    { result: submission?.reply({ formErrors: [unavailable.message] }) ?? null, alert: unavailable.message },
    { status: 503, headers: unavailable.headers },
  );
}

async function editAction({ request, params, context, actor, parse }: AdminActionArgs) {
  const id = productId(params);
  const back = `/admin/products${new URL(request.url).search}`;
  const form = await readProductUpload(request, "Error updating product");
  if ("refused" in form) return data({ result: null, alert: form.refused.alert }, { status: form.refused.status });
  const submission = parse(form.formData, editProductSchema);
  if (submission.status !== "success") {
    // No status: 'Update sizes' (no JavaScript) asked for the sizes' fields; `dropped`: files to choose again.
    const refused = submission.status === "error";
    const firstField = refused ? FIELD_ORDER.find((field) => submission.error?.[field]?.length) : undefined;
    const dropped = form.files.map((file) => file.name);
    const alert = firstField ? submission.error![firstField]![0]! : null;
    return data({ result: submission.reply(), alert, dropped }, { status: refused ? 400 : 200 });
  }
  let outcome;
  try {
    outcome = await editProduct(
      context.db,
      context.storage,
      id,
      submission.value,
      { ...editFormImages(submission.value), files: form.files },
      actor,
    );
  } catch (error) {
    if (error instanceof ProductNeedsImage) {
      return data(
        {
          result: submission.reply({ fieldErrors: { images: [error.message, ...error.uploadErrors] } }),
          alert: error.message,
        },
        { status: 400 },
      );
    }
    if (error instanceof StockBySizeNeeded)
      return data(
        { result: submission.reply({ fieldErrors: { stockBySize: [error.message] } }), alert: error.message },
        { status: 400 },
      );
    if (error instanceof ProductNotFound)
      return redirectWithToast(
        back,
        { type: "danger", message: "Error updating product: Product not found" },
        context.cookies,
      );
    throw error;
  }
  const { uploadErrors } = outcome;
  const toast = uploadErrors.length
    ? ({ type: "warning", message: `Product updated successfully! ${uploadErrors.join(". ")}` } as const)
    : ({ type: "success", message: "Product updated successfully!" } as const);
  return redirectWithToast(back, toast, context.cookies);
}

export const action = adminAction("/admin/products/$id/edit", editAction, databaseFault);

export default function EditProduct() {
  const { product } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // One array per answer: FormErrors brings each new one into view.
  const alerts = useMemo(() => (actionData?.alert ? [actionData.alert] : null), [actionData]);
  const navigation = useNavigation();
  const navigate = useNavigate();
  const location = useLocation();
  const saving = navigation.state === "submitting" && navigation.formAction?.startsWith(location.pathname);
  const back = `/admin/products${location.search}`;
  const [addingImages, setAddingImages] = useState(false);
  const hydrated = useHydrated();
  const stockBySize = product.stockBySize;
  const [form, fields] = useZodForm(editProductSchema, {
    id: `edit-product-${product.id}`,
    lastResult: actionData?.result,
    defaultValue: {
      title: product.title,
      price: String(product.price),
      quantity: String(product.stock),
      description: product.description,
      titleAr: product.titleAr ?? "",
      descriptionAr: product.descriptionAr ?? "",
      category: product.category,
      size: product.sizes,
      isHidden: product.isHidden ? "on" : undefined,
      oldPrice: product.oldPrice === null ? "" : String(product.oldPrice),
      costPrice: product.costPrice === null ? "" : String(product.costPrice),
      packaging: product.packaging,
      grade: product.grade,
      conditionNotes: product.conditionNotes,
      inTheBox: product.inTheBox.join("\n"),
      keepImage: product.images.map((image) => String(image.id)),
    },
    shouldValidate: "onSubmit",
  });

  return (
    <RouteDialog title="Edit Product" onClose={() => navigate(back, { preventScrollReset: true })} wide>
      <p className="mb-2 text-sm">
        <Link to={`/admin/activity?product=${product.id}`} className="text-brand-700 underline underline-offset-2">
          This product's history
        </Link>
      </p>
      <FormErrors errors={alerts} tone="warning" className="mb-3 rounded-md px-3 py-2 text-sm font-medium" />
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="grid grid-cols-1 gap-3 md:grid-cols-2"
      >
        <ProductFields
          fields={fields}
          updateSizes={form.validate.getButtonProps({ name: fields.size.name })}
          stockBySize={stockBySize}
          sharedStock={stockBySize === null && product.sizes.length > 0}
          onePerSize={(sizes) =>
            form.update.getButtonProps({
              name: "stockBySize",
              value: Object.fromEntries(sizes.map((size) => [size, "0"])),
            })
          }
        />
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium md:col-span-2">
          <input type="checkbox" name={fields.isHidden.name} defaultChecked={product.isHidden} className="size-5" />
          Hide this product from customers
        </label>
        <fieldset className="md:col-span-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">Images (untick to remove)</legend>
          <ul className="flex flex-wrap gap-2">
            {product.images.length === 0 ? (
              <li>
                <Thumbnail src={null} size={64} />
              </li>
            ) : null}
            {product.images.map((image, index) => (
              <li key={image.id}>
                <label className="flex cursor-pointer flex-col items-center gap-1 rounded border border-slate-200 p-1 text-xs has-[input:not(:checked)]:opacity-50">
                  <Thumbnail src={image.srcSet.split(" ")[0]!} size={64} />
                  <span className="flex items-center gap-1">
                    <input
                      type="checkbox"
                      name={fields.keepImage.name}
                      value={image.id}
                      defaultChecked
                      className="size-4"
                      aria-label={`Keep image ${index + 1}`}
                    />
                    Keep
                  </span>
                </label>
                <input type="hidden" name={fields.imageId.name} value={image.id} />
                <input
                  name={fields.imageCaptions.name}
                  defaultValue={image.caption}
                  maxLength={IMAGE_CAPTION_MAX}
                  dir="auto"
                  placeholder="Caption"
                  aria-label={`Caption of image ${index + 1}`}
                  className="mt-1 block min-h-9 w-32 rounded-md border border-slate-300 bg-white px-2 text-xs"
                />
              </li>
            ))}
          </ul>
        </fieldset>
        <div className="md:col-span-2">
          <Field
            label="Add New Images"
            errors={fields.images.errors}
            {...getInputProps(fields.images, { type: "file" })}
            multiple
            accept={IMAGE_ACCEPT}
            onChange={(event) => setAddingImages((event.currentTarget.files?.length ?? 0) > 0)}
          />
          {!hydrated && actionData && "dropped" in actionData && actionData.dropped.length ? (
            <p className="mt-1 text-sm font-medium text-warning-700" data-testid="images-dropped">
              Choose the new images again: {actionData.dropped.join(", ")}
            </p>
          ) : null}
          <TextareaField
            label="Captions of the new images"
            hint="Optional, one per line in the order of the files."
            errors={[...(fields.imageCaptions.errors ?? []), ...(fields.newImageCaptions.errors ?? [])]}
            className="mt-2"
            rows={2}
            id={fields.newImageCaptions.id}
            name={fields.newImageCaptions.name}
          />
        </div>
        <div className="flex gap-2 md:col-span-2">
          <Button type="submit" pending={saving}>
            {saving ? (addingImages ? "Uploading new images..." : "Updating product...") : "Update Product"}
          </Button>
          <Link to={back} preventScrollReset className={buttonClass("secondary")}>
            Cancel
          </Link>
        </div>
      </Form>
    </RouteDialog>
  );
}
