import type { ActionFunctionArgs } from "@remix-run/node";
import { apiProductWrite } from "~/lib/api-product-schema.ts";
import { allowMethods, ApiError, apiJson, methodNotAllowed, originOf, readJsonBody, withApiErrors } from "~/lib/api.server.ts";
import { requireAdminApi } from "~/models/admin-session.server.ts";
import { toCents } from "~/lib/money.ts";
import { createProduct, InvalidImageLink, resolveImageLinks } from "~/models/product-admin.server.ts";
import { apiProductsByIds } from "~/models/product.server.ts";

/** POST /api/product/addProduct (administrator): image_link names images uploaded through /api/upload. */
export const action = withApiErrors(async ({ request, context }: ActionFunctionArgs) => {
  allowMethods(request, ["POST"]);
  await requireAdminApi(request, context);
  const body = await readJsonBody(request, apiProductWrite);
  let images;
  try {
    images = resolveImageLinks(context.db, null, body.image_link);
  } catch (error) {
    if (error instanceof InvalidImageLink) throw new ApiError(400, error.message);
    throw error;
  }
  if (images.added.length === 0) throw new ApiError(400, "image_link: Please select at least one image");
  const id = createProduct(
    context.db,
    { title: body.Title, priceCents: toCents(body.price), description: body.Description, category: body.Category, sizes: body.size, stock: body.quantity, isHidden: body.isHidden },
    images.added,
  );
  const [product] = apiProductsByIds(context.db, context.storage, originOf(request), [id], { admin: true });
  return apiJson({ message: `Product added successfully with ${images.added.length} images!`, product }, { status: 201 });
});

export const loader = methodNotAllowed(["POST"]);
