import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { asDatabaseUnavailable } from "../db/database-faults.server.ts";
import { isCrossSiteRequest } from "./cross-site.server.ts";

export const MAX_JSON_BYTES = 1024 * 1024;

/** A JSON response; admin responses and errors are never cached. */
export function apiJson(
  body: unknown,
  init: { status?: number; cache?: "no-store" | "public-short"; headers?: HeadersInit } = {},
) {
  const headers = new Headers(init.headers);
  headers.set(
    "Cache-Control",
    init.cache === "public-short" ? "public, max-age=30, stale-while-revalidate=60" : "no-store",
  );
  return Response.json(body, { status: init.status ?? 200, headers });
}

/** Thrown by API code for an expected failure; `withApiErrors` turns it into `{ error }` with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 429,
    message: string,
    readonly headers?: HeadersInit,
  ) {
    super(message);
  }
}

export type HttpMethod = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A call read with GET also responds to HEAD (Remix runs the loader for both). */
export const READ_METHODS: readonly HttpMethod[] = ["GET", "HEAD"];

function methodNotAllowedError(allowed: readonly HttpMethod[]) {
  return new ApiError(405, "Method not allowed", { Allow: allowed.join(", ") });
}

/**
 * Refuses a method the call does not take with 405 `{ error: "Method not allowed" }` and `Allow`.
 * Used twice: inside a handler that takes several methods, and (through `methodNotAllowed`) as the
 * loader or action a route would otherwise lack, to which Remix responds with an opaque error.
 */
export function allowMethods(request: Request, allowed: readonly HttpMethod[]) {
  if (!allowed.includes(request.method as HttpMethod)) throw methodNotAllowedError(allowed);
}

/** The loader of a call that only writes, or the action of a call that only reads. */
export function methodNotAllowed(allowed: readonly HttpMethod[]) {
  const error = methodNotAllowedError(allowed);
  return () => apiJson({ error: error.message }, { status: error.status, headers: error.headers });
}

/** "shippingAddress.email: Invalid email format" — which field and which rule. */
export function describeIssue(issue: z.core.$ZodIssue) {
  const field = issue.path.map(String).join(".");
  return field ? `${field}: ${issue.message}` : issue.message;
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiError(400, describeIssue(result.error.issues[0]!));
  return result.data;
}

/** The rest of a refused body is never read: close the connection so the client does not reuse it mid-upload. */
const BODY_NOT_READ = { Connection: "close" };

/** Reads at most `limit` bytes of the body, whatever Content-Length claims; more is a 413. */
export async function readBodyText(request: Request, limit = MAX_JSON_BYTES): Promise<string> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > limit) throw new ApiError(413, `Request body too large (at most ${limit} bytes)`, BODY_NOT_READ);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limit) {
      await reader.cancel();
      throw new ApiError(413, `Request body too large (at most ${limit} bytes)`, BODY_NOT_READ);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Parses a JSON body against a zod schema: 413 when too large, 400 naming the field otherwise. */
export async function readJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const text = await readBodyText(request);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, "Request body must be valid JSON");
  }
  return parseOrThrow(schema, value);
}

/**
 * Wraps an API loader or action: expected failures become `{ error }` with their status, thrown
 * Responses pass through, a database that cannot take the write responds 503 `{ error }` with
 * Retry-After, and anything else is logged with the request id and responds
 * 500 `{ error: "Internal error", requestId }`, never a stack trace.
 */
export function withApiErrors<Args extends { request: Request; context: AppLoadContext }>(
  handler: (args: Args) => Promise<Response> | Response,
) {
  return async (args: Args): Promise<Response> => {
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof Response) {
        if (error.headers.get("Content-Type")?.includes("application/json")) return error;
        return apiJson({ error: error.statusText || "Request refused" }, { status: error.status });
      }
      if (error instanceof ApiError)
        return apiJson({ error: error.message }, { status: error.status, headers: error.headers });
      const unavailable = asDatabaseUnavailable(error);
      if (unavailable) return apiJson({ error: unavailable.message }, { status: 503, headers: unavailable.headers });
      const { requestId } = args.context;
      console.error(`[${requestId}] ${args.request.method} ${new URL(args.request.url).pathname}:`, error);
      return apiJson({ error: "Internal error", requestId }, { status: 500 });
    }
  };
}

/** What an /api/ call's opening checks before its own code runs (`apiCall`). */
export type ApiOpening<Caller, BodySchema extends z.ZodType | undefined> = {
  /** The methods the call takes; another is 405 `{ error: "Method not allowed" }` with `Allow`. */
  methods?: readonly HttpMethod[];
  /**
   * Refused (403) from another site here too. server.ts refuses every cross-site request that
   * changes data (app/platform/http/cross-site.server.ts), so a POST needs nothing more; this is
   * for the calls server.ts knows by one path comparison (a GET that changes data) or not at all
   * (a GET of customers' numbers).
   */
  refuseOtherSites?: boolean;
  /** Who may call: throws the refusal (401, 403) or gives the caller, e.g. `adminApi("order/addNote")`. */
  caller?: (args: ActionFunctionArgs) => Promise<Caller> | Caller;
  /** The JSON body's schema, read after the caller: 413 over `MAX_JSON_BYTES`, 400 for bad JSON or naming the field. */
  body?: BodySchema;
};

/**
 * An /api/ loader or action with the opening every call shares, in the order its answers depend
 * on: the method, the site, the caller, the JSON body; then `handler` with the caller and the
 * parsed body, its expected failures answered by `withApiErrors`. A call that reads its body
 * only after checking its query (`?id=`) reads it itself with `readJsonBody`, so a request wrong
 * in both still answers with the query's error.
 */
export function apiCall<Caller = undefined, BodySchema extends z.ZodType | undefined = undefined>(
  { methods, refuseOtherSites = false, caller, body }: ApiOpening<Caller, BodySchema>,
  handler: (
    args: ActionFunctionArgs & {
      caller: Caller;
      body: BodySchema extends z.ZodType ? z.output<BodySchema> : undefined;
    },
  ) => Promise<Response> | Response,
) {
  return withApiErrors(async (args: ActionFunctionArgs) => {
    if (methods) allowMethods(args.request, methods);
    if (refuseOtherSites && isCrossSiteRequest(args.request)) throw new ApiError(403, "Cross-site request refused");
    const who = (caller ? await caller(args) : undefined) as Caller;
    const parsed = (body ? await readJsonBody(args.request, body) : undefined) as BodySchema extends z.ZodType
      ? z.output<BodySchema>
      : undefined;
    return handler({ ...args, caller: who, body: parsed });
  });
}

/** The request's own origin, for absolute URLs in responses (`image_link`). */
export function originOf(request: Request) {
  return new URL(request.url).origin;
}

const pagingSchema = z.object({
  page: z.coerce
    .number({ error: "must be a whole number from 1" })
    .int({ error: "must be a whole number from 1" })
    .min(1, { error: "must be a whole number from 1" })
    .default(1),
  limit: z.coerce
    .number({ error: "must be a whole number from 1 to 500" })
    .int({ error: "must be a whole number from 1 to 500" })
    .min(1, { error: "must be a whole number from 1 to 500" })
    .max(500, { error: "must be a whole number from 1 to 500" })
    .default(100),
});

/** `?page=&limit=` of a paginated listing (docs/decisions/007): 100 a page by default, 500 at most. */
export function parsePaging(url: URL) {
  const { page, limit } = parseOrThrow(pagingSchema, {
    page: url.searchParams.get("page") ?? undefined,
    limit: url.searchParams.get("limit") ?? undefined,
  });
  return { limit, offset: (page - 1) * limit };
}

/** A required numeric id from the query string (`?id=`): 400 when missing or malformed. */
export function parseIdParam(url: URL, message = "id: a product id is required") {
  const id = url.searchParams.get("id") ?? "";
  if (!/^\d{1,15}$/.test(id)) throw new ApiError(400, message);
  return Number(id);
}
