import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useActionData, useLoaderData, useLocation, useNavigate, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { z } from "zod";
import { ConfirmDialog } from "~/components/admin/confirm-dialog.tsx";
import { StockBadge } from "~/components/admin/stock-badge.tsx";
import { Thumbnail } from "~/components/admin/thumbnail.tsx";
import { UploadList, useImageUploads } from "~/components/admin/image-uploads.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { Field, SelectField, TextareaField } from "~/components/ui/field.tsx";
import { requireAdmin } from "~/models/admin-session.server.ts";
import { redirectWithToast } from "~/lib/flash.server.ts";
import { formatMoney, toCents } from "~/lib/money.ts";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { CATEGORY_OPTIONS, SIZES } from "~/lib/options.ts";
import { addProductSchema, FIELD_ORDER } from "~/lib/product-form-schema.ts";
import { deleteImageFiles } from "~/lib/images.server.ts";
import { MalformedUpload, readMultipartForm, storeUploadedImages, UploadTooLarge } from "~/lib/upload.server.ts";
import {
  createProduct,
  deleteProducts,
  InvalidImageLink,
  listAdminProducts,
  productTitles,
  resolveImageLinks,
  setProductsHidden,
} from "~/models/product-admin.server.ts";

export const meta: MetaFunction = () => [{ title: "Manage Products | OpenBox Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
  return { search, ...listAdminProducts(context.db, context.storage, { search, page }) };
}

const idList = z.array(z.coerce.number().int().positive()).max(500);

/**
 * The table's actions. A row's own buttons and the selection bar send different intents, so the
 * answer fits what the admin did (one product, or a selection that may hold one), not the count.
 */
const rowAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["confirm-hide", "confirm-delete", "hide", "unhide", "delete"]), ids: idList }),
  z.object({ intent: z.literal("confirm-delete-product"), id: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("delete-product"), id: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("set-hidden"), id: z.coerce.number().int().positive(), hidden: z.enum(["true", "false"]) }),
]);

type ConfirmIntent = "hide" | "delete" | "delete-product";

type ActionData =
  | { kind: "create"; result: SubmissionResult<string[]>; alert: string | null }
  | { kind: "confirm"; intent: ConfirmIntent; products: { id: number; title: string }[] }
  | { kind: "error"; message: string };

async function createFromForm(request: Request, context: ActionFunctionArgs["context"]) {
  let form;
  try {
    form = await readMultipartForm(request);
  } catch (error) {
    if (error instanceof UploadTooLarge) return data<ActionData>({ kind: "error", message: `Error adding product: ${error.message}` }, { status: 413 });
    if (error instanceof MalformedUpload) return data<ActionData>({ kind: "error", message: `Error adding product: ${error.message}` }, { status: 400 });
    throw error;
  }
  const submission = parseWithZod(form.formData, { schema: addProductSchema });
  if (submission.status !== "success") {
    const firstField = FIELD_ORDER.find((field) => submission.error?.[field]?.length);
    return data<ActionData>({ kind: "create", result: submission.reply(), alert: firstField ? submission.error![firstField]![0]! : null }, { status: 400 });
  }
  const links = submission.value.images.filter((image) => typeof image === "string");
  let uploaded;
  try {
    uploaded = resolveImageLinks(context.db, null, links);
  } catch (error) {
    if (!(error instanceof InvalidImageLink)) throw error;
    return data<ActionData>({ kind: "create", result: submission.reply({ fieldErrors: { images: [error.message] } }), alert: error.message }, { status: 400 });
  }
  const fromFiles = await storeUploadedImages(context.storage, form.files);
  const stored = [...uploaded.added, ...fromFiles.stored];
  const errors = fromFiles.errors;
  if (stored.length === 0) {
    const message = ["No images were uploaded successfully", ...errors].join(". ");
    return data<ActionData>({ kind: "create", result: submission.reply({ fieldErrors: { images: errors.length ? errors : ["No images were uploaded successfully"] } }), alert: message }, { status: 400 });
  }
  const value = submission.value;
  try {
    createProduct(
      context.db,
      { title: value.title, priceCents: toCents(value.price), description: value.description, category: value.category, sizes: value.size, stock: value.quantity },
      stored,
    );
  } catch (error) {
    // The files posted with the form belong to no product now (pending uploads stay pending).
    for (const image of fromFiles.stored) await deleteImageFiles(context.storage, image);
    throw error;
  }
  const toast = errors.length
    ? ({ type: "warning", message: `Product added successfully with ${stored.length} images! ${errors.join(". ")}` } as const)
    : ({ type: "success", message: `Product added successfully with ${stored.length} images!` } as const);
  return redirectWithToast("/admin/products", toast, context.cookies);
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  if (request.headers.get("Content-Type")?.startsWith("multipart/form-data")) return createFromForm(request, context);

  const form = await request.formData();
  const back = `/admin/products${new URL(request.url).search}`;
  const parsed = rowAction.safeParse({ ...Object.fromEntries(form), ids: form.getAll("ids") });
  if (!parsed.success) return data<ActionData>({ kind: "error", message: "Invalid request" }, { status: 400 });
  const input = parsed.data;
  if (input.intent === "set-hidden") {
    const hidden = input.hidden === "true";
    const { updated } = setProductsHidden(context.db, [input.id], hidden);
    if (!updated) return redirectWithToast(back, { type: "danger", message: "Error updating product visibility: Product not found" }, context.cookies);
    return redirectWithToast(back, { type: "success", message: hidden ? "Product hidden successfully!" : "Product unhidden successfully!" }, context.cookies);
  }
  const productGone = { type: "danger", message: "Error deleting product: Product not found" } as const;
  if (input.intent === "confirm-delete-product") {
    const products = productTitles(context.db, [input.id]);
    if (products.length === 0) return redirectWithToast(back, productGone, context.cookies);
    return data<ActionData>({ kind: "confirm", intent: "delete-product", products });
  }
  if (input.intent === "delete-product") {
    const { deleted } = await deleteProducts(context.db, context.storage, [input.id]);
    return redirectWithToast(back, deleted ? { type: "success", message: "Product and images deleted successfully!" } : productGone, context.cookies);
  }
  if (input.ids.length === 0) return redirectWithToast(back, { type: "warning", message: "Please select at least one product" }, context.cookies);
  switch (input.intent) {
    case "confirm-hide":
    case "confirm-delete": {
      const products = productTitles(context.db, input.ids);
      if (products.length === 0) {
        const message = input.intent === "confirm-hide" ? `Updated 0 product(s), failed to update ${input.ids.length} product(s)` : `Deleted 0 product(s), failed to delete ${input.ids.length} product(s)`;
        return redirectWithToast(back, { type: "warning", message }, context.cookies);
      }
      return data<ActionData>({ kind: "confirm", intent: input.intent === "confirm-hide" ? "hide" : "delete", products });
    }
    case "hide":
    case "unhide": {
      const { updated, failed } = setProductsHidden(context.db, input.ids, input.intent === "hide");
      return redirectWithToast(
        back,
        failed
          ? { type: "warning", message: `Updated ${updated} product(s), failed to update ${failed} product(s)` }
          : { type: "success", message: `Successfully hidden or unhidden ${updated} product(s)!` },
        context.cookies,
      );
    }
    case "delete": {
      const { deleted, failed } = await deleteProducts(context.db, context.storage, input.ids);
      return redirectWithToast(
        back,
        failed
          ? { type: "warning", message: `Deleted ${deleted} product(s), failed to delete ${failed} product(s)` }
          : { type: "success", message: `Successfully deleted ${deleted} product(s)!` },
        context.cookies,
      );
    }
  }
}

function AddProductForm({ actionData }: { actionData: ActionData | undefined }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const adding = navigation.state === "submitting" && navigation.formEncType === "multipart/form-data";
  const lastResult = actionData?.kind === "create" ? actionData.result : undefined;
  const formRef = useRef<HTMLFormElement>(null);
  const uploads = useImageUploads();
  const [searchParams] = useSearchParams();
  const [valid, setValid] = useState(false);
  const [form, fields] = useForm({
    id: "add-product",
    lastResult: navigation.state === "idle" ? lastResult : null,
    constraint: getZodConstraint(addProductSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addProductSchema }),
  });
  const checkValid = () => setValid(!!formRef.current && parseWithZod(new FormData(formRef.current), { schema: addProductSchema }).status === "success");
  // The uploaded URLs are hidden inputs: once they render, the form may have become complete.
  useEffect(checkValid, [uploads.uploads]);

  // A product was added (the action redirected instead of answering errors): start afresh.
  const submitted = useRef(false);
  const clearUploads = uploads.clear;
  useEffect(() => {
    if (adding) {
      submitted.current = true;
      return;
    }
    if (navigation.state !== "idle" || !submitted.current) return;
    submitted.current = false;
    if (actionData === undefined) {
      form.reset();
      clearUploads();
      setValid(false);
    }
  }, [adding, navigation.state, actionData, form, clearUploads]);

  // The clean page is a GET of the list (which also drops a previous answer's alert); with
  // JavaScript the form's own state (typed values, picked images and their previews) goes too.
  const clearForm = () => {
    form.reset();
    uploads.clear();
    setValid(false);
  };
  const listParams = ["q", "page"].flatMap((name) => {
    const value = searchParams.get(name);
    return value ? [{ name, value }] : [];
  });
  const alert = actionData?.kind === "create" ? actionData.alert : actionData?.kind === "error" ? actionData.message : null;
  const status = uploads.uploading ? "Uploading images..." : adding ? (hydrated ? "Images uploaded successfully! Creating product..." : "Uploading images...") : "";

  return (
    <section aria-labelledby="add-product-heading" className="rounded-card border border-slate-200 bg-white p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="add-product-heading" className="text-lg font-bold">
          Add New Product
        </h2>
        <Form method="get" action="/admin/products" preventScrollReset>
          {listParams.map((param) => (
            <input key={param.name} type="hidden" name={param.name} value={param.value} />
          ))}
          <Button type="submit" variant="secondary" size="sm" className="min-h-11" onClick={clearForm}>
            Clear Form
          </Button>
        </Form>
      </div>
      {alert ? (
        <p role="alert" className="mt-3 rounded-md border-l-4 border-warning-700 bg-warning-50 px-3 py-2 text-sm font-medium text-warning-700">
          {alert}
        </p>
      ) : null}
      <Form
        method="post"
        encType="multipart/form-data"
        ref={formRef}
        {...getFormProps(form)}
        onInput={checkValid}
        onChange={checkValid}
        className="mt-3 grid grid-cols-1 gap-3 md:grid-cols-2"
      >
        <Field label="Product Title" errors={fields.title.errors} {...getInputProps(fields.title, { type: "text" })} />
        <Field label="Price ($)" errors={fields.price.errors} step="0.01" {...getInputProps(fields.price, { type: "number" })} min={0} />
        <Field label="Stock Quantity" errors={fields.quantity.errors} step="1" defaultValue={fields.quantity.initialValue ?? "0"} {...getInputProps(fields.quantity, { type: "number" })} min={0} />
        <SelectField label="Category" errors={fields.category.errors} {...getSelectProps(fields.category)}>
          <option value="">Select a category</option>
          {CATEGORY_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <fieldset className="md:col-span-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">Size</legend>
          <div className="flex flex-wrap gap-1.5">
            {SIZES.map((size) => (
              <label key={size} className="inline-flex min-h-9 cursor-pointer items-center gap-1 rounded border border-slate-300 px-2 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
                <input type="checkbox" name={fields.size.name} value={size} className="size-4" />
                {size}
              </label>
            ))}
          </div>
        </fieldset>
        <TextareaField label="Description" errors={fields.description.errors} className="md:col-span-2" rows={3} {...getTextareaProps(fields.description)} />
        <div className="md:col-span-2">
          <Field
            label="Product Images"
            errors={fields.images.errors}
            {...getInputProps(fields.images, { type: "file" })}
            // With JavaScript the files go up one by one as they are picked (see useImageUploads);
            // the form then posts their URLs, so the input itself sends nothing.
            name={hydrated ? undefined : fields.images.name}
            multiple
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            onChange={(event) => {
              if (!hydrated) return;
              uploads.add(Array.from(event.currentTarget.files ?? []));
              event.currentTarget.value = "";
            }}
          />
          {uploads.uploads
            .filter((upload) => upload.status === "done")
            .map((upload) => (
              <input key={upload.key} type="hidden" name={fields.images.name} value={upload.url} />
            ))}
          <UploadList uploads={uploads.uploads} onRemove={uploads.remove} />
        </div>
        <div className="flex flex-wrap items-center gap-3 md:col-span-2">
          <Button type="submit" pending={adding} disabled={hydrated && (!valid || uploads.uploading)}>
            Add Product
          </Button>
          <p role="status" className="text-sm text-slate-600">
            {status}
          </p>
        </div>
      </Form>
    </section>
  );
}

const CONFIRM_VERB: Record<ConfirmIntent, string> = { hide: "Hide", delete: "Delete", "delete-product": "Delete" };

function ConfirmPanel({ confirm }: { confirm: Extract<ActionData, { kind: "confirm" }> }) {
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
        <p className="mt-2 text-sm text-danger-700">{single ? "This also deletes its images and cannot be undone." : "This also deletes their images and cannot be undone."}</p>
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

export default function AdminProducts() {
  const { items, total, page, pageSize, search } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const pageHref = (n: number) => {
    const params = new URLSearchParams(searchParams);
    params.set("page", String(n));
    return `/admin/products?${params.toString()}`;
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Products ({total})</h1>
        <Form method="get" role="search" className="flex w-full items-center gap-2 sm:w-auto">
          <label htmlFor="product-search" className="sr-only">
            Search products
          </label>
          <input
            id="product-search"
            type="search"
            name="q"
            defaultValue={search}
            placeholder="Search products..."
            className="min-h-11 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-base sm:w-56"
          />
          <Button type="submit" variant="secondary" className="min-h-11">
            Search
          </Button>
          {search ? (
            <Link to="/admin/products" className={buttonClass("ghost", "md")} aria-label="Clear search">
              Clear
            </Link>
          ) : null}
        </Form>
      </div>

      <Outlet />
      {actionData?.kind === "confirm" ? <ConfirmPanel confirm={actionData} /> : null}
      <AddProductForm actionData={actionData} />

      <Form method="post" id="bulk" preventScrollReset className="flex flex-wrap items-center gap-2 rounded-card border border-slate-200 bg-white p-2" aria-label="Selected products">
        <Button type="submit" name="intent" value="confirm-hide" variant="secondary" size="sm" className="min-h-11">
          Hide Selected
        </Button>
        <Button type="submit" name="intent" value="unhide" variant="secondary" size="sm" className="min-h-11">
          Unhide Selected
        </Button>
        <Button type="submit" name="intent" value="confirm-delete" variant="danger" size="sm" className="min-h-11">
          Delete Selected
        </Button>
        <Button type="reset" variant="ghost" size="sm" className="min-h-11">
          Clear Selection
        </Button>
      </Form>

      {/* Keyed by the location: after an action the checkboxes start unticked again. */}
      <div key={location.key} className="max-h-[500px] overflow-auto rounded-card border border-slate-200 bg-white">
        {items.length === 0 ? (
          <p className="p-6 text-center text-slate-600">{search ? `No products found matching "${search}"` : "No products found"}</p>
        ) : (
          <table className="w-full min-w-[56rem] text-left text-sm">
            <thead className="sticky top-0 z-10 bg-slate-100 text-xs uppercase tracking-wide text-slate-700">
              <tr>
                <th scope="col" className="px-2 py-2">
                  <SelectAll />
                </th>
                <th scope="col" className="px-2 py-2">Images</th>
                <th scope="col" className="px-2 py-2">Title</th>
                <th scope="col" className="px-2 py-2">Price</th>
                <th scope="col" className="px-2 py-2">Stock</th>
                <th scope="col" className="px-2 py-2">Category</th>
                <th scope="col" className="px-2 py-2">Size</th>
                <th scope="col" className="px-2 py-2">Hidden</th>
                <th scope="col" className="px-2 py-2">Actions</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {items.map((product) => (
                <tr key={product.id} data-testid="admin-product-row" className={product.isHidden ? "bg-slate-50 text-slate-500" : undefined}>
                  <td className="px-2 py-1">
                    <input type="checkbox" name="ids" value={product.id} form="bulk" aria-label={`Select ${product.title}`} className="size-5" />
                  </td>
                  <td className="px-2 py-1">
                    <Thumbnail src={product.thumb ? product.thumb.srcSet.split(" ")[0]! : null} size={40} />
                  </td>
                  <td className="max-w-64 px-2 py-1 font-medium text-slate-900">{product.title}</td>
                  <td className="tabular px-2 py-1">{formatMoney(product.priceCents)}</td>
                  <td className="px-2 py-1">
                    <StockBadge stock={product.stock} />
                  </td>
                  <td className="px-2 py-1">{product.categoryLabel}</td>
                  <td className="max-w-40 px-2 py-1 text-xs">{product.sizes.join(", ")}</td>
                  <td className="px-2 py-1">
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="intent" value="set-hidden" />
                      <input type="hidden" name="id" value={product.id} />
                      <input type="hidden" name="hidden" value={String(!product.isHidden)} />
                      <button
                        type="submit"
                        role="checkbox"
                        aria-checked={product.isHidden}
                        aria-label={`Hidden: ${product.title}`}
                        className="inline-flex size-11 items-center justify-center"
                      >
                        <span aria-hidden="true" className={`flex size-5 items-center justify-center rounded border-2 text-xs font-bold ${product.isHidden ? "border-brand-700 bg-brand-700 text-white" : "border-slate-400 bg-white"}`}>
                          {product.isHidden ? "✓" : ""}
                        </span>
                      </button>
                    </Form>
                  </td>
                  <td className="px-2 py-1">
                    <div className="flex gap-1">
                      <Link to={`/admin/products/${product.id}/edit?${searchParams.toString()}`} preventScrollReset className={buttonClass("secondary", "sm", "min-h-11")} aria-label={`Edit ${product.title}`}>
                        Edit
                      </Link>
                      <Form method="post" preventScrollReset>
                        <input type="hidden" name="id" value={product.id} />
                        <Button type="submit" name="intent" value="confirm-delete-product" variant="ghost" size="sm" className="min-h-11 text-danger-700" aria-label={`Delete ${product.title}`}>
                          Delete
                        </Button>
                      </Form>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {pages > 1 ? (
        <nav aria-label="Pages" className="flex items-center justify-center gap-2 text-sm">
          {page > 1 ? (
            <Link to={pageHref(page - 1)} className={buttonClass("secondary", "sm", "min-h-11")}>
              Previous
            </Link>
          ) : null}
          <span className="tabular">
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link to={pageHref(page + 1)} className={buttonClass("secondary", "sm", "min-h-11")}>
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

/** Select-all needs JavaScript; without it each row's checkbox still works. */
function SelectAll() {
  return (
    <input
      type="checkbox"
      aria-label="Select all products"
      className="size-5"
      onChange={(event) => {
        const checked = event.currentTarget.checked;
        document.querySelectorAll<HTMLInputElement>('input[name="ids"][form="bulk"]').forEach((box) => {
          box.checked = checked;
        });
      }}
    />
  );
}
