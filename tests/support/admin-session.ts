import { TEST_ADMIN } from "./test-server.ts";

/** Signs in through the real login form and returns the admin session cookie ("admin_session=…"). */
export async function loginCookie(base: string, credentials = TEST_ADMIN) {
  const response = await fetch(`${base}/admin?index`, {
    method: "POST",
    body: new URLSearchParams(credentials),
    redirect: "manual",
  });
  if (response.status !== 302) throw new Error(`login responded ${response.status}`);
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("admin_session="));
  if (!cookie) throw new Error("login set no admin_session cookie");
  return cookie.split(";")[0]!;
}
