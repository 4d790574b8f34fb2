import { z } from "zod";
import { ROLES } from "./permissions.ts";

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;

/** A password a member chooses (a first one, or their own new one): at least 12 characters. */
const newPassword = z
  .string({ error: "Please enter a password" })
  .min(MIN_PASSWORD_LENGTH, { error: `Use at least ${MIN_PASSWORD_LENGTH} characters` })
  .max(MAX_PASSWORD_LENGTH, { error: `Use at most ${MAX_PASSWORD_LENGTH} characters` });

export const usernameSchema = z
  .string({ error: "Please enter a username" })
  .trim()
  .min(2, { error: "Use 2 to 32 characters" })
  .max(32, { error: "Use 2 to 32 characters" })
  .regex(/^[A-Za-z0-9._-]+$/, { error: "Use letters, digits, dots, dashes or underscores" });

export const roleSchema = z.enum(ROLES, { error: "Choose a role: owner, orders or catalogue" });

/** Adding a member: the Add form of /admin/staff and `POST /api/admin/staff`. */
export const addStaffSchema = z.object({ username: usernameSchema, role: roleSchema, password: newPassword });

/** `PUT /api/admin/staff?username=` and the role form of each row. */
export const changeRoleSchema = z.object({ role: roleSchema });

/** The forms of /admin/staff, told apart by `intent`. */
export const staffPageSchema = z.discriminatedUnion("intent", [
  addStaffSchema.extend({ intent: z.literal("add") }),
  changeRoleSchema.extend({ intent: z.literal("role"), username: usernameSchema }),
  z.object({ intent: z.literal("remove"), username: usernameSchema }),
]);

/** One's own password: `POST /api/admin/account/password` (and the page's form below). */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: "Please enter your current password" })
    .min(1, { error: "Please enter your current password" })
    .max(MAX_PASSWORD_LENGTH),
  newPassword,
});

export const PASSWORDS_DIFFER = "The two new passwords are not the same: type it again in both fields.";

/** /admin/account's form: the same, with the new password typed twice (a typo would lock the member out). */
export const changePasswordFormSchema = changePasswordSchema
  .extend({
    confirmPassword: z.string({ error: "Please type the new password again" }).max(MAX_PASSWORD_LENGTH),
  })
  .refine((input) => input.newPassword === input.confirmPassword, {
    path: ["confirmPassword"],
    error: PASSWORDS_DIFFER,
  });
