import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { z } from "zod";
import { AddProductForm, type AddProductAnswer } from "~/catalogue/components/admin/add-product-form.tsx";
import { type ProductConfirmation, ProductConfirmPanel } from "~/catalogue/components/admin/product-confirm-panel.tsx";
import { ProductSelectionBar } from "~/catalogue/components/admin/product-selection-bar.tsx";
import { ProductsTable } from "~/catalogue/components/admin/products-table.tsx";
import { Button, buttonClass } from "~/ui/button.tsx";
import { Pager } from "~/ui/pager.tsx";
import { pageCount, pageNumberParam } from "~/utils/paging.ts";
import { type Actor, actorFor } from "~/overview/activity.server.ts";
import { requireAdmin } from "~/staff/admin-session.server.ts";
import { redirectWithToast } from "~/platform/http/flash.server.ts";
import { addProductSchema, FIELD_ORDER } from "~/catalogue/product-schema.ts";
import { MalformedUpload, readMultipartForm, UploadTooLarge } from "~/platform/files/upload.server.ts";
import { asDatabaseUnavailable, withDatabaseFaults } from "~/platform/db/database-faults.server.ts";
import { listAdminProducts, productTitles } from "~/catalogue/admin-products.server.ts";
import { deleteProducts, setProductsHidden } from "~/catalogue/hide-and-delete.server.ts";
import { InvalidImageLink } from "~/catalogue/image-links.server.ts";
import { ProductNeedsImage } from "~/catalogue/product-records.server.ts";
import { addProduct } from "~/catalogue/product-writes.server.ts";

export const meta: MetaFunction = () => [
  { title: "Manage Products | OpenBox Admin" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = pageNumberParam(url.searchParams);
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
  z.object({
    intent: z.literal("set-hidden"),
    id: z.coerce.number().int().positive(),
    hidden: z.enum(["true", "false"]),
  }),
]);

type ActionData = ({ kind: "create" } & AddProductAnswer) | ({ kind: "confirm" } & ProductConfirmation);

async function createFromForm(request: Request, context: ActionFunctionArgs["context"], actor: Actor) {
  let form;
  try {
    form = await readMultipartForm(request);
  } catch (error) {
    if (error instanceof UploadTooLarge)
      return data<ActionData>(
        { kind: "create", result: null, alert: `Error adding product: ${error.message}` },
        { status: 413 },
      );
    if (error instanceof MalformedUpload)
      return data<ActionData>(
        { kind: "create", result: null, alert: `Error adding product: ${error.message}` },
        { status: 400 },
      );
    throw error;
  }
  const submission = parseWithZod(form.formData, { schema: addProductSchema });
  if (submission.status !== "success") {
    const firstField = FIELD_ORDER.find((field) => submission.error?.[field]?.length);
    return data<ActionData>(
      { kind: "create", result: submission.reply(), alert: firstField ? submission.error![firstField]![0]! : null },
      { status: 400 },
    );
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
    const unavailable = asDatabaseUnavailable(error);
    if (!unavailable) throw error;
    const result = submission.reply({ formErrors: [unavailable.message] });
    return data<ActionData>(
      { kind: "create", result, alert: unavailable.message },
      { status: 503, headers: unavailable.headers },
    );
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

const databaseFault = ({ message, headers }: { message: string; headers: HeadersInit }) =>
  data<ActionData>({ kind: "create", result: null, alert: message }, { status: 503, headers });

export const action = withDatabaseFaults(async ({ request, context }: ActionFunctionArgs) => {
  const actor = actorFor(await requireAdmin(request, context), context);
  if (request.headers.get("Content-Type")?.startsWith("multipart/form-data"))
    return createFromForm(request, context, actor);

  const form = await request.formData();
  const back = `/admin/products${new URL(request.url).search}`;
  const parsed = rowAction.safeParse({ ...Object.fromEntries(form), ids: form.getAll("ids") });
  if (!parsed.success)
    return data<ActionData>({ kind: "create", result: null, alert: "Invalid request" }, { status: 400 });
  const input = parsed.data;
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
}, databaseFault);

export default function AdminProducts() {
  const { items, total, page, pageSize, search } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const location = useLocation();

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Products ({total})</h1>
        {/* A plain link: the file downloads with or without JavaScript. */}
        <a href="/admin/products.csv" download className={buttonClass("secondary", "md", "mr-auto whitespace-nowrap")}>
          Export CSV
        </a>
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
      {actionData?.kind === "confirm" ? <ProductConfirmPanel confirm={actionData} /> : null}
      <AddProductForm answer={actionData?.kind === "create" ? actionData : undefined} />

      <ProductSelectionBar />

      {/* Keyed by the location: after an action the checkboxes start unticked again. */}
      <div
        key={location.key}
        className="rounded-card border border-slate-200 bg-white md:max-h-[500px] md:overflow-auto"
      >
        <ProductsTable items={items} search={search} />
      </div>
      <Pager path="/admin/products" page={page} pages={pageCount(total, pageSize)} />
    </div>
  );
}
