import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginCookie } from "../support/admin-session.ts";
import { startTestServer, TEST_ADMIN } from "../support/test-server.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const login = (username: string, password: string, headers: Record<string, string> = {}) =>
  fetch(`${server.base}/admin?index`, {
    method: "POST",
    body: new URLSearchParams({ username, password }),
    redirect: "manual",
    headers,
  });

describe("admin login", () => {
  it("never sends the password back, and a wrong one is refused", async () => {
    const response = await login(TEST_ADMIN.username, "wrong-password-123");
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Invalid username or password");
    expect(html).not.toContain("wrong-password-123");
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("admin_session="))).toBe(false);
  });

  it("sets an HttpOnly, SameSite=Lax session cookie holding only a random id", async () => {
    const response = await login(TEST_ADMIN.username, TEST_ADMIN.password);
    expect(response.status).toBe(302);
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith("admin_session="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const value = decodeURIComponent(cookie.split(";")[0]!.slice("admin_session=".length));
    expect(Buffer.from(value.split(".")[0]!, "base64").toString()).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
  });

  it("a session cannot be used after logout", async () => {
    const cookie = await loginCookie(server.base);
    const orders = () => fetch(`${server.base}/api/order/getAllOrders`, { headers: { Cookie: cookie } });
    expect((await orders()).status).toBe(200);
    const logout = await fetch(`${server.base}/admin/logout`, {
      method: "POST",
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    expect(logout.status).toBe(302);
    expect((await orders()).status).toBe(401);
    const page = await fetch(`${server.base}/admin/orders`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin");
  });

  it("refuses a login post from another site", async () => {
    const response = await login(TEST_ADMIN.username, TEST_ADMIN.password, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    const marked = await login(TEST_ADMIN.username, TEST_ADMIN.password, { "Sec-Fetch-Site": "cross-site" });
    expect(marked.status).toBe(403);
  });

  it("limits failed logins per username (429), even with the right password afterwards", async () => {
    const username = "limited-user";
    for (let i = 0; i < 5; i++) expect((await login(username, `guess-${i}`)).status).toBe(400);
    const blocked = await login(username, "guess-6");
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await blocked.text()).toContain("Too many failed login attempts");
  });

  it("limits failed logins per client address across usernames (429)", async () => {
    // The earlier tests of this file already spent some of this address's 20 failures.
    let status = 0;
    for (let i = 0; i < 25 && status !== 429; i++) status = (await login(`someone-${i}`, "nope")).status;
    expect(status).toBe(429);
    expect((await login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(429);
  });
});
