import { redirect } from "@remix-run/node";
import type { ShopCookies } from "./cookies.server.ts";
import { z } from "zod";
import type { Flash, Toast } from "./flash.ts";

const toastSchema = z.object({
  type: z.enum(["danger", "warning", "info", "success"]),
  message: z.string(),
  links: z.array(z.object({ href: z.string(), label: z.string() })).optional(),
});
/** What a flash cookie read back must hold; anything else is dropped. */
const flashSchema: z.ZodType<Flash> = z.object({ toast: toastSchema.optional(), placedOrderId: z.string().optional() });

/** The flash cookie's value, without clearing it: for a loader running beside the root's. */
export async function peekFlash(request: Request, cookies: ShopCookies): Promise<Flash | null> {
  const raw: unknown = await cookies.flash.parse(request.headers.get("Cookie"));
  // Signed, so only this server wrote it; checked anyway, as a value from an older version may differ.
  const parsed = flashSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** Reads the flash cookie and returns its value with the header that clears it. */
export async function readFlash(
  request: Request,
  cookies: ShopCookies,
): Promise<{ flash: Flash | null; headers: HeadersInit }> {
  const flash = await peekFlash(request, cookies);
  if (!flash) return { flash: null, headers: {} };
  return {
    flash,
    headers: { "Set-Cookie": await cookies.flash.serialize("", { maxAge: 0 }) },
  };
}

export async function flashHeader(cookies: ShopCookies, flash: Flash) {
  return cookies.flash.serialize(flash);
}

/** POST → redirect → GET with a toast that survives the redirect, with or without JavaScript. */
export async function redirectWithToast(url: string, toast: Toast, cookies: ShopCookies, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await flashHeader(cookies, { toast }));
  return redirect(url, { ...init, headers });
}
