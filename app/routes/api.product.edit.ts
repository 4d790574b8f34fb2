import {
  apiCall,
  ApiError,
  apiJson,
  methodNotAllowed,
  originOf,
  parseIdParam,
  readJsonBody,
} from "~/platform/http/api-response.server.ts";
import { actorFor } from "~/platform/activity/activity-log.server.ts";
import { adminApi } from "~/staff/admin-session.server.ts";
import { apiProductWrite } from "~/catalogue/product-schema.ts";
import { InvalidImageLink } from "~/catalogue/admin/image-links.server.ts";
import { ProductNeedsImage, ProductNotFound, StockBySizeNeeded } from "~/catalogue/admin/product-records.server.ts";
import { editProduct } from "~/catalogue/admin/product-writes.server.ts";
import { apiProductsByIds } from "~/catalogue/api-shape.server.ts";

/**
 * PUT /api/product/edit?id= (administrator): the whole write payload, as existing API clients send
 * it for edits and visibility toggles. image_link is the product's image list after the edit.
 */
export const action = apiCall(
  { methods: ["PUT", "POST"], caller: adminApi("product/edit") },
  async ({ request, context, caller }) => {
    const actor = actorFor(caller, context);
    const id = parseIdParam(new URL(request.url));
    const { fields, imageLinks, imageCaptions } = await readJsonBody(request, apiProductWrite);
    try {
      await editProduct(context.db, context.storage, id, fields, { links: imageLinks, captions: imageCaptions }, actor);
    } catch (error) {
      if (error instanceof ProductNotFound) throw new ApiError(404, `Product ${id} not found`);
      if (error instanceof InvalidImageLink) throw new ApiError(400, error.message);
      if (error instanceof ProductNeedsImage) throw new ApiError(400, `image_link: ${error.message}`);
      if (error instanceof StockBySizeNeeded) throw new ApiError(400, `stockBySize: ${error.message}`);
      throw error;
    }
    const [product] = apiProductsByIds(context.db, context.storage, originOf(request), [id], {
      admin: true,
      cost: true,
    });
    return apiJson({ message: "Product updated successfully!", product });
  },
);

export const loader = methodNotAllowed(["PUT", "POST"]);
