import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { buttonClass } from "~/ui/button.tsx";
import { AddProductForm, type AddProductActionData } from "~/catalogue/components/admin/add-product-form.tsx";
import { type ProductConfirmation, ProductConfirmPanel } from "~/catalogue/components/admin/product-confirm-panel.tsx";
import { ProductSelectionBar } from "~/catalogue/components/admin/product-selection-bar.tsx";
import { ProductsHeader } from "~/catalogue/components/admin/products-header.tsx";
import { ProductsTable } from "~/catalogue/components/admin/products-table.tsx";
import { Pager } from "~/ui/pager.tsx";
import { pageCount, pageNumberParam } from "~/utils/paging.ts";
import { adminProductSort } from "~/catalogue/margin.ts";
import { adminAction, type AdminActionArgs } from "~/staff/admin-action.server.ts";
import { requireAdmin } from "~/staff/admin-session.server.ts";
import { redirectWithToast } from "~/platform/http/flash.server.ts";
import { addProductSchema, FIELD_ORDER } from "~/catalogue/product-schema.ts";
import { isMultipart, readProductUpload } from "~/catalogue/admin/product-upload.server.ts";
import { productRowAction } from "~/catalogue/admin/product-row-schema.ts";
import type { DatabaseUnavailable } from "~/platform/db/database-faults.server.ts";
import type { ParsedForm } from "~/platform/http/form-action.server.ts";
import { listAdminProducts, productTitles } from "~/catalogue/admin/product-list.server.ts";
import { deleteProducts, setProductsHidden } from "~/catalogue/admin/hide-and-delete.server.ts";
import { InvalidImageLink } from "~/catalogue/admin/image-links.server.ts";
import { ProductNeedsImage } from "~/catalogue/admin/product-records.server.ts";
import { addProduct } from "~/catalogue/admin/product-writes.server.ts";
import { keepChosenImages } from "~/catalogue/admin/kept-images.server.ts";

export const meta: MetaFunction = () => [
  { title: "Manage Products | OpenBox Admin" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context, "/admin/products");
  const url = new URL(request.url);
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = pageNumberParam(url.searchParams);
  const sort = adminProductSort(url.searchParams.get("sort"));
  return { search, sort, ...listAdminProducts(context.db, context.storage, { search, page, sort }) };
}

type ActionData = ({ kind: "create" } & AddProductActionData) | ({ kind: "confirm" } & ProductConfirmation);

/** 'Add Product': a multipart form with its images; a refused image keeps what was typed. */
async function createFromForm({ request, context, actor, parse }: AdminActionArgs) {
  const form = await readProductUpload(request, "Error adding product");
  if ("refused" in form)
    return data<ActionData>(
      { kind: "create", result: null, alert: form.refused.alert },
      { status: form.refused.status },
    );
  const submission = parse(form.formData, addProductSchema);
  if (submission.status !== "success") {
    // No status: 'Update sizes' (without JavaScript) asked for the form back with the sizes' fields.
    const refused = submission.status === "error";
    const firstField = refused ? FIELD_ORDER.find((field) => submission.error?.[field]?.length) : undefined;
    // The chosen files are kept server-side: the form comes back naming them, without asking again.
    const { kept, errors } = await keepChosenImages(context.db, context.storage, form.formData, form.files);
    const result = submission.reply(errors.length ? { fieldErrors: { images: errors } } : undefined);
    const alert = firstField ? submission.error![firstField]![0]! : null;
    return data<ActionData>({ kind: "create", result, alert, kept }, { status: refused ? 400 : 200 });
  }
  const { images, imageCaptions, ...fields } = submission.value;
  const links = images.filter((image) => typeof image === "string");
  let added;
  try {
    added = await addProduct(
      context.db,
      context.storage,
      { ...fields, isHidden: false },
      { links, files: form.files, captions: imageCaptions },
      actor,
    );
  } catch (error) {
    const refuse = (messages: string[], alert: string) =>
      data<ActionData>(
        { kind: "create", result: submission.reply({ fieldErrors: { images: messages } }), alert },
        { status: 400 },
      );
    if (error instanceof InvalidImageLink) return refuse([error.message], error.message);
    if (error instanceof ProductNeedsImage) {
      const errors = error.uploadErrors;
      return refuse(
        errors.length ? errors : ["No images were uploaded successfully"],
        ["No images were uploaded successfully", ...errors].join(". "),
      );
    }
    throw error;
  }
  const { imageCount, uploadErrors } = added;
  const toast = uploadErrors.length
    ? ({
        type: "warning",
        message: `Product added successfully with ${imageCount} images! ${uploadErrors.join(". ")}`,
      } as const)
    : ({ type: "success", message: `Product added successfully with ${imageCount} images!` } as const);
  return redirectWithToast("/admin/products", toast, context.cookies);
}

/** A locked or full database: the add form comes back as typed, with the message; a row's button just says it. */
function databaseFault(
  unavailable: DatabaseUnavailable,
  submission: ParsedForm | null,
  { request }: ActionFunctionArgs,
) {
  const typed = isMultipart(request) ? (submission?.reply({ formErrors: [unavailable.message] }) ?? null) : null;
  return data<ActionData>(
    { kind: "create", result: typed, alert: unavailable.message },
    { status: 503, headers: unavailable.headers },
  );
}

/** The page's forms: a new product (multipart), or a row's hide, show or delete. */
async function productsAction(args: AdminActionArgs) {
  const { request, context, actor, parse } = args;
  if (isMultipart(request)) return createFromForm(args);

  const form = await request.formData();
  const back = `/admin/products${new URL(request.url).search}`;
  const submission = parse(form, productRowAction);
  if (submission.status !== "success")
    return data<ActionData>({ kind: "create", result: null, alert: "Invalid request" }, { status: 400 });
  const input = submission.value;
  if (input.intent === "set-hidden") {
    const hidden = input.hidden === "true";
    const { updated } = setProductsHidden(context.db, [input.id], hidden, actor);
    if (!updated)
      return redirectWithToast(
        back,
        { type: "danger", message: "Error updating product visibility: Product not found" },
        context.cookies,
      );
    return redirectWithToast(
      back,
      { type: "success", message: hidden ? "Product hidden successfully!" : "Product unhidden successfully!" },
      context.cookies,
    );
  }
  const productGone = { type: "danger", message: "Error deleting product: Product not found" } as const;
  if (input.intent === "confirm-delete-product") {
    const products = productTitles(context.db, [input.id]);
    if (products.length === 0) return redirectWithToast(back, productGone, context.cookies);
    return data<ActionData>({ kind: "confirm", intent: "delete-product", products });
  }
  if (input.intent === "delete-product") {
    const { deleted } = await deleteProducts(context.db, context.storage, [input.id], actor);
    return redirectWithToast(
      back,
      deleted ? { type: "success", message: "Product and images deleted successfully!" } : productGone,
      context.cookies,
    );
  }
  if (input.ids.length === 0)
    return redirectWithToast(back, { type: "warning", message: "Please select at least one product" }, context.cookies);
  switch (input.intent) {
    case "confirm-hide":
    case "confirm-delete": {
      const products = productTitles(context.db, input.ids);
      if (products.length === 0) {
        const message =
          input.intent === "confirm-hide"
            ? `Updated 0 product(s), failed to update ${input.ids.length} product(s)`
            : `Deleted 0 product(s), failed to delete ${input.ids.length} product(s)`;
        return redirectWithToast(back, { type: "warning", message }, context.cookies);
      }
      return data<ActionData>({
        kind: "confirm",
        intent: input.intent === "confirm-hide" ? "hide" : "delete",
        products,
      });
    }
    case "hide":
    case "unhide": {
      const { updated, failed } = setProductsHidden(context.db, input.ids, input.intent === "hide", actor);
      return redirectWithToast(
        back,
        failed
          ? { type: "warning", message: `Updated ${updated} product(s), failed to update ${failed} product(s)` }
          : { type: "success", message: `Successfully hidden or unhidden ${updated} product(s)!` },
        context.cookies,
      );
    }
    case "delete": {
      const { deleted, failed } = await deleteProducts(context.db, context.storage, input.ids, actor);
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

export const action = adminAction("/admin/products", productsAction, databaseFault);

export default function AdminProducts() {
  const { items, total, page, pageSize, search, sort } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const location = useLocation();

  return (
    <div className="flex flex-col gap-4">
      <ProductsHeader total={total} search={search} sort={sort} />

      <Outlet />
      {actionData?.kind === "confirm" ? <ProductConfirmPanel confirm={actionData} /> : null}
      {/* The page opens on the list, newest first; the form follows it. */}
      <a href="#add-product-heading" className={buttonClass("primary", "md", "self-start")}>
        Add product
      </a>

      <ProductSelectionBar />

      {/* Keyed by the location: after an action the checkboxes start unticked again. */}
      <div
        key={location.key}
        className="relative rounded-card border border-slate-200 bg-white md:max-h-[500px] md:overflow-auto"
      >
        <ProductsTable items={items} search={search} sort={sort} />
      </div>
      <Pager path="/admin/products" page={page} pages={pageCount(total, pageSize)} />
      <AddProductForm actionData={actionData?.kind === "create" ? actionData : undefined} />
    </div>
  );
}
