import { apiCall, ApiError, apiJson, methodNotAllowed } from "~/platform/http/api-response.server.ts";
import { TooManyAttempts } from "~/platform/security/login-limits.server.ts";
import { actorFor } from "~/platform/activity/activity-log.server.ts";
import { adminApi, sessionIdOf } from "~/staff/admin-session.server.ts";
import { changePasswordSchema } from "~/staff/staff-schema.ts";
import { changeOwnPassword, PasswordRefused } from "~/staff/staff.server.ts";

/**
 * POST /api/admin/account/password `{ currentPassword, newPassword }` (any staff member, also
 * before the first password is changed): 200, a wrong current password 400, too many wrong ones
 * 429 (they count against the username's login allowance). Other sessions of the member end.
 */
export const action = apiCall(
  { methods: ["POST"], caller: adminApi("admin/account/password"), body: changePasswordSchema },
  async ({ request, context, caller: admin, body: input }) => {
    try {
      await changeOwnPassword(context.db, admin, input, actorFor(admin, context), await sessionIdOf(request, context));
    } catch (error) {
      if (error instanceof PasswordRefused) throw new ApiError(400, `${error.field}: ${error.message}`);
      if (error instanceof TooManyAttempts)
        throw new ApiError(429, error.message, { "Retry-After": String(Math.ceil(error.retryAfterSeconds)) });
      throw error;
    }
    return apiJson({ message: "Password changed" });
  },
);

export const loader = methodNotAllowed(["POST"]);
