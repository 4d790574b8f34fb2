import { apiCall, ApiError, apiJson, readJsonBody } from "~/platform/http/api-response.server.ts";
import { actorFor } from "~/platform/activity/activity-log.server.ts";
import { adminApi } from "~/staff/admin-session.server.ts";
import { addStaffSchema, changeRoleSchema, usernameSchema } from "~/staff/staff-schema.ts";
import {
  addStaff,
  changeRole,
  listStaff,
  removeStaff,
  StaffConflict,
  type StaffMember,
  StaffNotFound,
} from "~/staff/staff.server.ts";

const toApiMember = ({ username, role, createdAt, mustChangePassword }: StaffMember) => ({
  username,
  role,
  createdAt: createdAt.toISOString(),
  mustChangePassword,
});

/** GET /api/admin/staff (owners): `{ staff: [{ username, role, createdAt }] }`, oldest first. */
export const loader = apiCall({ caller: adminApi("admin/staff") }, ({ context }) =>
  apiJson({ staff: listStaff(context.db).map(toApiMember) }),
);

function usernameParam(request: Request) {
  const parsed = usernameSchema.safeParse(new URL(request.url).searchParams.get("username") ?? "");
  if (!parsed.success) throw new ApiError(400, "username: a staff member's username is required");
  return parsed.data;
}

/**
 * POST /api/admin/staff `{ username, role, password }` → 201 `{ member }`; PUT ?username= `{ role }`
 * → 200 `{ member }`; DELETE ?username= → 200 (owners). The last owner cannot be demoted or
 * removed (409), nor a username taken twice (409); an unknown username is 404.
 */
export const action = apiCall(
  { methods: ["POST", "PUT", "DELETE"], caller: adminApi("admin/staff") },
  async ({ request, context, caller }) => {
    const actor = actorFor(caller, context);
    try {
      if (request.method === "POST") {
        const input = await readJsonBody(request, addStaffSchema);
        return apiJson({ member: toApiMember(await addStaff(context.db, input, actor)) }, { status: 201 });
      }
      const username = usernameParam(request);
      if (request.method === "PUT") {
        const { role } = await readJsonBody(request, changeRoleSchema);
        return apiJson({ member: toApiMember(changeRole(context.db, username, role, actor)) });
      }
      removeStaff(context.db, username, actor);
      return apiJson({ message: "Staff member removed" });
    } catch (error) {
      if (error instanceof StaffConflict) throw new ApiError(409, error.message);
      if (error instanceof StaffNotFound) throw new ApiError(404, error.message);
      throw error;
    }
  },
);
