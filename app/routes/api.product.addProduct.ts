import type { ActionFunctionArgs } from "@remix-run/node";
import {
  allowMethods,
  ApiError,
  apiJson,
  methodNotAllowed,
  originOf,
  readJsonBody,
  withApiErrors,
} from "~/platform/http/api-response.server.ts";
import { actorFor } from "~/platform/activity/activity-log.server.ts";
import { requireAdminApi } from "~/staff/admin-session.server.ts";
import { apiProductWrite } from "~/catalogue/product-schema.ts";
import { InvalidImageLink } from "~/catalogue/admin/image-links.server.ts";
import { ProductNeedsImage } from "~/catalogue/admin/product-records.server.ts";
import { addProduct } from "~/catalogue/admin/product-writes.server.ts";
import { apiProductsByIds } from "~/catalogue/api-shape.server.ts";

/** POST /api/product/addProduct (administrator): image_link names images uploaded through /api/upload. */
export const action = withApiErrors(async ({ request, context }: ActionFunctionArgs) => {
  allowMethods(request, ["POST"]);
  const actor = actorFor(await requireAdminApi(request, context, "product/addProduct"), context);
  const { fields, imageLinks, imageCaptions } = await readJsonBody(request, apiProductWrite);
  let added;
  try {
    added = await addProduct(
      context.db,
      context.storage,
      fields,
      { links: imageLinks, captions: imageCaptions },
      actor,
    );
  } catch (error) {
    if (error instanceof InvalidImageLink) throw new ApiError(400, error.message);
    if (error instanceof ProductNeedsImage) throw new ApiError(400, "image_link: Please select at least one image");
    throw error;
  }
  const [product] = apiProductsByIds(context.db, context.storage, originOf(request), [added.id], { admin: true });
  return apiJson({ message: `Product added successfully with ${added.imageCount} images!`, product }, { status: 201 });
});

export const loader = methodNotAllowed(["POST"]);
