import { z } from "zod";
import { apiCall, ApiError, apiJson } from "~/platform/http/api-response.server.ts";
import { actorFor } from "~/platform/activity/activity-log.server.ts";
import { adminApi } from "~/staff/admin-session.server.ts";
import { apiSettings, SettingsRefused, updateSettingsFromApi } from "~/settings/settings-api.server.ts";

/** GET /api/admin/settings (owners): `{ settings }`, the Settings page's fields (fees and amounts in dollars). */
export const loader = apiCall({ caller: adminApi("admin/settings") }, ({ context }) =>
  apiJson({ settings: apiSettings(context.db) }),
);

/**
 * PUT /api/admin/settings (owners): a partial object of the page's fields, validated by the page's
 * schemas → 200 `{ settings }` (all of them); a bad or unknown field 400 naming it, nothing saved.
 */
export const action = apiCall(
  { methods: ["PUT"], caller: adminApi("admin/settings"), body: z.unknown() },
  ({ context, caller, body }) => {
    const actor = actorFor(caller, context);
    try {
      return apiJson({ settings: updateSettingsFromApi(context.db, body, actor) });
    } catch (error) {
      if (error instanceof SettingsRefused) throw new ApiError(400, error.message);
      throw error;
    }
  },
);
