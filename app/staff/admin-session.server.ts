/**
 * The administrator's sign-in: the admins and sessions tables, and the request helpers that read
 * the admin_session cookie against them (like the cart model reads the cart cookie).
 */
import crypto from "node:crypto";
import { type AppLoadContext, redirect } from "@remix-run/node";
import { and, eq, gt, lt, ne } from "drizzle-orm";
import { admins, sessions } from "../../db/schema/index.ts";
import { type Db, writeTransaction } from "~/platform/db/db.server.ts";
import { hashPassword, verifyPassword } from "~/platform/security/password.server.ts";
import { actorFor, recordActivity } from "~/platform/activity/activity-log.server.ts";
import {
  ADMIN_API_CALLS,
  ADMIN_PAGES,
  type AdminApiCall,
  type AdminPage,
  type Area,
  CHANGE_PASSWORD_FIRST,
  homePath,
  ROLE_REFUSED,
  type Role,
  roleMay,
} from "./permissions.ts";

/** Matches the admin_session cookie's max age (cookies.server.ts). */
export const SESSION_TTL_MS = 8 * 60 * 60 * 1000;

export type AdminUser = { id: number; username: string; role: Role; mustChangePassword: boolean };

/** Only a hash of the session id is stored, so a copy of the database holds no usable session. */
function hashSessionId(id: string) {
  return crypto.createHash("sha256").update(id).digest("base64url");
}

/** The admin behind the request's session cookie, or null (missing, forged, expired or logged out). */
export async function getAdmin(request: Request, context: AppLoadContext): Promise<AdminUser | null> {
  const sessionId: unknown = await context.cookies.adminSession.parse(request.headers.get("Cookie"));
  if (typeof sessionId !== "string" || sessionId.length === 0) return null;
  const row = context.db
    .select({
      id: admins.id,
      username: admins.username,
      role: admins.role,
      mustChangePassword: admins.mustChangePassword,
    })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .where(and(eq(sessions.id, hashSessionId(sessionId)), gt(sessions.expiresAt, new Date())))
    .get();
  return row ?? null;
}

/** Why a signed-in member may not use an area, or null when they may. */
function refusal(admin: AdminUser, area: Area): "password" | "role" | null {
  if (admin.mustChangePassword && area !== "account") return "password";
  return roleMay(admin.role, area) ? null : "role";
}

/**
 * For admin pages and their actions, naming the page in the permission table: no session sends
 * the browser to the login form, a first password not yet changed to /admin/account, and a role
 * that may not use the page gets 403 'Your role does not allow this.' (shown inside the dashboard
 * by admin.tsx's error boundary; a file download shows the words alone).
 */
export async function requireAdmin(request: Request, context: AppLoadContext, page: AdminPage): Promise<AdminUser> {
  const admin = await getAdmin(request, context);
  if (!admin) throw redirect("/admin");
  const refused = refusal(admin, ADMIN_PAGES[page]);
  if (refused === "password") throw redirect("/admin/account");
  if (refused === "role")
    throw new Response(ROLE_REFUSED, {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return admin;
}

/** Where a member lands after signing in: /admin/account until the first password is changed, else their role's first page. */
export function landingPath(admin: AdminUser) {
  return admin.mustChangePassword ? "/admin/account" : homePath(admin.role);
}

const apiRefusal = (status: 401 | 403, error: string) =>
  Response.json({ error }, { status, headers: { "Cache-Control": "no-store" } });

/**
 * For admin `/api/` calls, naming the call in the permission table: no session responds 401
 * JSON, a first password not yet changed 403 'Change your password first.', a role that may not
 * use the call 403 'Your role does not allow this.'.
 */
export async function requireAdminApi(
  request: Request,
  context: AppLoadContext,
  call: AdminApiCall,
): Promise<AdminUser> {
  const admin = await getAdmin(request, context);
  if (!admin) throw apiRefusal(401, "Authentication required");
  const refused = refusal(admin, ADMIN_API_CALLS[call]);
  if (refused === "password") throw apiRefusal(403, CHANGE_PASSWORD_FIRST);
  if (refused === "role") throw apiRefusal(403, ROLE_REFUSED);
  return admin;
}

/** `requireAdminApi` as an `/api/` call's `caller` (`apiCall`): the administrator, when their role may use `call`. */
export function adminApi(call: AdminApiCall) {
  return ({ request, context }: { request: Request; context: AppLoadContext }) =>
    requireAdminApi(request, context, call);
}

// A hash to compare against when the username is unknown, so the response takes as long either way.
let decoyHash: Promise<string> | undefined;

/** Checks a username and password against the stored scrypt hash. */
export async function verifyLogin(
  db: Db,
  username: string,
  password: string,
  address: string | null = null,
): Promise<AdminUser | null> {
  const admin = db.select().from(admins).where(eq(admins.username, username)).get();
  if (!admin) {
    // The same work as a real check, so the response's timing does not tell which usernames exist.
    decoyHash ??= hashPassword(crypto.randomBytes(16).toString("hex"));
    await verifyPassword(password, await decoyHash);
  } else if (await verifyPassword(password, admin.passwordHash)) {
    return {
      id: admin.id,
      username: admin.username,
      role: admin.role,
      mustChangePassword: admin.mustChangePassword,
    };
  }
  // The username typed is kept (it says who is being guessed at); the password never is.
  recordActivity(db, { username, address }, { kind: "login.failed", subject: username });
  return null;
}

/**
 * Starts a session with a fresh random id (never reusing one the browser had), ends the one the
 * browser came with, and returns the Set-Cookie value.
 */
export async function startSession(request: Request, context: AppLoadContext, admin: AdminUser): Promise<string> {
  await endSession(request, context);
  const id = crypto.randomBytes(32).toString("base64url");
  const now = Date.now();
  writeTransaction(context.db, (tx) => {
    tx.delete(sessions)
      .where(lt(sessions.expiresAt, new Date(now)))
      .run();
    tx.insert(sessions)
      .values({ id: hashSessionId(id), adminId: admin.id, expiresAt: new Date(now + SESSION_TTL_MS) })
      .run();
    recordActivity(tx, actorFor(admin, context), { kind: "login", subject: admin.username });
  });
  return context.cookies.adminSession.serialize(id);
}

/** Ends every session of one member (removed from the staff), or every other one (after a password change). */
export function endSessionsOf(db: Pick<Db, "delete">, adminId: number, keepSessionId?: string) {
  db.delete(sessions)
    .where(
      and(
        eq(sessions.adminId, adminId),
        keepSessionId === undefined ? undefined : ne(sessions.id, hashSessionId(keepSessionId)),
      ),
    )
    .run();
}

/** The raw session id of the request's cookie, or undefined. */
export async function sessionIdOf(request: Request, context: AppLoadContext): Promise<string | undefined> {
  const sessionId: unknown = await context.cookies.adminSession.parse(request.headers.get("Cookie"));
  return typeof sessionId === "string" && sessionId ? sessionId : undefined;
}

/** Deletes the request's session row and returns the Set-Cookie value that clears the cookie. */
export async function endSession(request: Request, context: AppLoadContext): Promise<string> {
  const sessionId: unknown = await context.cookies.adminSession.parse(request.headers.get("Cookie"));
  if (typeof sessionId === "string" && sessionId)
    context.db
      .delete(sessions)
      .where(eq(sessions.id, hashSessionId(sessionId)))
      .run();
  return context.cookies.adminSession.serialize("", { maxAge: 0 });
}
