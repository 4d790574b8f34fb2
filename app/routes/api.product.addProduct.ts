import { apiCall, ApiError, apiJson, methodNotAllowed, originOf } from "~/platform/http/api-response.server.ts";
import { actorFor } from "~/platform/activity/activity-log.server.ts";
import { adminApi } from "~/staff/admin-session.server.ts";
import { apiProductWrite } from "~/catalogue/product-schema.ts";
import { InvalidImageLink } from "~/catalogue/admin/image-links.server.ts";
import { ProductNeedsImage } from "~/catalogue/admin/product-records.server.ts";
import { addProduct } from "~/catalogue/admin/product-writes.server.ts";
import { apiProductsByIds } from "~/catalogue/api-shape.server.ts";

/** POST /api/product/addProduct (administrator): image_link names images uploaded through /api/upload. */
export const action = apiCall(
  { methods: ["POST"], caller: adminApi("product/addProduct"), body: apiProductWrite },
  async ({ request, context, caller, body: { fields, imageLinks, imageCaptions } }) => {
    const actor = actorFor(caller, context);
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
    const [product] = apiProductsByIds(context.db, context.storage, originOf(request), [added.id], {
      admin: true,
      cost: true,
    });
    return apiJson(
      { message: `Product added successfully with ${added.imageCount} images!`, product },
      { status: 201 },
    );
  },
);

export const loader = methodNotAllowed(["POST"]);
