import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { allowMethods, ApiError, apiJson, readBodyText, withApiErrors } from "~/platform/http/api-response.server.ts";
import { actorFor } from "~/platform/activity/activity-log.server.ts";
import { requireAdminApi } from "~/staff/admin-session.server.ts";
import { apiSettings, SettingsRefused, updateSettingsFromApi } from "~/settings/settings-api.server.ts";

/** GET /api/admin/settings (owners): `{ settings }`, the Settings page's fields (fees and amounts in dollars). */
export const loader = withApiErrors(async ({ request, context }: LoaderFunctionArgs) => {
  await requireAdminApi(request, context, "admin/settings");
  return apiJson({ settings: apiSettings(context.db) });
});

/**
 * PUT /api/admin/settings (owners): a partial object of the page's fields, validated by the page's
 * schemas → 200 `{ settings }` (all of them); a bad or unknown field 400 naming it, nothing saved.
 */
export const action = withApiErrors(async ({ request, context }: ActionFunctionArgs) => {
  allowMethods(request, ["PUT"]);
  const actor = actorFor(await requireAdminApi(request, context, "admin/settings"), context);
  let body: unknown;
  try {
    body = JSON.parse(await readBodyText(request));
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(400, "Request body must be valid JSON");
  }
  try {
    return apiJson({ settings: updateSettingsFromApi(context.db, body, actor) });
  } catch (error) {
    if (error instanceof SettingsRefused) throw new ApiError(400, error.message);
    throw error;
  }
});
