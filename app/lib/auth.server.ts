import crypto from "node:crypto";
import { type AppLoadContext, redirect } from "@remix-run/node";
import { and, eq, gt, lt } from "drizzle-orm";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { admins, sessions } from "../../db/schema/index.ts";
import type { Db } from "./db.server.ts";
import { hashPassword, verifyPassword } from "./password.server.ts";

/** Matches the admin_session cookie's max age (cookies.server.ts). */
export const SESSION_TTL_MS = 8 * 60 * 60 * 1000;

export type AdminUser = { id: number; username: string };

/** Only a hash of the session id is stored, so a copy of the database holds no usable session. */
function hashSessionId(id: string) {
  return crypto.createHash("sha256").update(id).digest("base64url");
}

/** The admin behind the request's session cookie, or null (missing, forged, expired or logged out). */
export async function getAdmin(request: Request, context: AppLoadContext): Promise<AdminUser | null> {
  const sessionId: unknown = await context.cookies.adminSession.parse(request.headers.get("Cookie"));
  if (typeof sessionId !== "string" || sessionId.length === 0) return null;
  const row = context.db
    .select({ id: admins.id, username: admins.username })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .where(and(eq(sessions.id, hashSessionId(sessionId)), gt(sessions.expiresAt, new Date())))
    .get();
  return row ?? null;
}

/** For admin pages and their actions: no session sends the browser to the login form. */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<AdminUser> {
  const admin = await getAdmin(request, context);
  if (!admin) throw redirect("/admin");
  return admin;
}

/** For admin `/api/` calls: no session answers 401 JSON. */
export async function requireAdminApi(request: Request, context: AppLoadContext): Promise<AdminUser> {
  const admin = await getAdmin(request, context);
  if (!admin) throw Response.json({ error: "Authentication required" }, { status: 401, headers: { "Cache-Control": "no-store" } });
  return admin;
}

// A hash to compare against when the username is unknown, so the answer takes as long either way.
let decoyHash: Promise<string> | undefined;

/** Checks a username and password against the stored scrypt hash. */
export async function verifyLogin(db: Db, username: string, password: string): Promise<AdminUser | null> {
  const admin = db.select().from(admins).where(eq(admins.username, username)).get();
  if (!admin) {
    decoyHash ??= hashPassword(crypto.randomBytes(16).toString("hex"));
    await verifyPassword(password, await decoyHash);
    return null;
  }
  return (await verifyPassword(password, admin.passwordHash)) ? { id: admin.id, username: admin.username } : null;
}

/**
 * Starts a session with a fresh random id (never reusing one the browser had), ends the one the
 * browser came with, and answers the Set-Cookie value.
 */
export async function startSession(request: Request, context: AppLoadContext, admin: AdminUser): Promise<string> {
  await endSession(request, context);
  const id = crypto.randomBytes(32).toString("base64url");
  const now = Date.now();
  context.db.delete(sessions).where(lt(sessions.expiresAt, new Date(now))).run();
  context.db.insert(sessions).values({ id: hashSessionId(id), adminId: admin.id, expiresAt: new Date(now + SESSION_TTL_MS) }).run();
  return context.cookies.adminSession.serialize(id);
}

/** Deletes the request's session row and answers the Set-Cookie value that clears the cookie. */
export async function endSession(request: Request, context: AppLoadContext): Promise<string> {
  const sessionId: unknown = await context.cookies.adminSession.parse(request.headers.get("Cookie"));
  if (typeof sessionId === "string" && sessionId) context.db.delete(sessions).where(eq(sessions.id, hashSessionId(sessionId))).run();
  return context.cookies.adminSession.serialize("", { maxAge: 0 });
}

/**
 * Logins are limited per username and per client address (contract). In memory: the shop is one
 * process, and a restart forgetting the counts only helps an attacker by one window.
 */
const WINDOW_S = 15 * 60;
export const loginLimits = {
  perUsername: new RateLimiterMemory({ keyPrefix: "login-user", points: 5, duration: WINDOW_S, blockDuration: WINDOW_S }),
  perAddress: new RateLimiterMemory({ keyPrefix: "login-ip", points: 20, duration: WINDOW_S, blockDuration: WINDOW_S }),
};

export class TooManyAttempts extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many failed login attempts. Try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minutes.`);
  }
}

/**
 * Takes one attempt from the username's and the address's allowance before the password is
 * checked: counting only after the (slow) scrypt check let parallel guesses all pass a check made
 * before any of them had failed. Throws TooManyAttempts once either allowance is spent.
 */
export async function takeLoginAttempt(username: string, address: string) {
  const outcomes = await Promise.allSettled([loginLimits.perUsername.consume(username.toLowerCase()), loginLimits.perAddress.consume(address)]);
  const refusals = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason as unknown] : []));
  if (refusals.length === 0) return;
  const refusal = refusals.find((reason) => !(reason instanceof RateLimiterRes));
  if (refusal) throw refusal;
  throw new TooManyAttempts(Math.max(...(refusals as RateLimiterRes[]).map((res) => res.msBeforeNext)) / 1000);
}

/** A correct password gives the attempt back: the username starts afresh, the address regains one. */
export async function recordSuccessfulLogin(username: string, address: string) {
  await Promise.all([loginLimits.perUsername.delete(username.toLowerCase()), loginLimits.perAddress.reward(address, 1)]);
}
