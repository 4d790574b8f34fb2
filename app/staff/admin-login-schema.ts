import { z } from "zod";

/** The Admin Login form: both fields required. */
export const adminLoginSchema = z.object({
  username: z
    .string({ error: "Please enter your username" })
    .trim()
    .min(1, { error: "Please enter your username" })
    .max(64),
  password: z.string({ error: "Please enter your password" }).min(1, { error: "Please enter your password" }).max(200),
});
