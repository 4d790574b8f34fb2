import { describe, expect, it } from "vitest";
import { loginCookie } from "../support/admin-session.ts";
import { jsonBody as json } from "../support/api-client.ts";
import { uniqueWord } from "../support/db-factories.ts";
import { useTestServer } from "../support/test-server.ts";

/** The order desk's own page of blocked numbers: the Orders role has it, Catalogue does not. */
const server = useTestServer({ signedIn: true });

const get = (cookie: string, path: string) =>
  fetch(server.base + path, { redirect: "manual", headers: { Cookie: cookie } });
const post = (cookie: string, path: string, fields: Record<string, string>) =>
  fetch(server.base + path, {
    method: "POST",
    body: new URLSearchParams(fields),
    redirect: "manual",
    headers: { Cookie: cookie, Origin: server.base },
  });

async function member(role: "orders" | "catalogue") {
  const username = uniqueWord(role).toLowerCase().slice(0, 30);
  const first = `${role}-first-password`;
  const own = `${role}-own-password-1`;
  const owner = { Cookie: server.cookie };
  const added = await fetch(`${server.base}/api/admin/staff`, {
    method: "POST",
    headers: { ...owner, ...json({}).headers },
    body: JSON.stringify({ username, role, password: first }),
  });
  expect(added.status).toBe(201);
  const cookie = await loginCookie(server.base, { username, password: first });
  const changed = await fetch(`${server.base}/api/admin/account/password`, {
    method: "POST",
    headers: { Cookie: cookie, ...json({}).headers },
    body: JSON.stringify({ currentPassword: first, newPassword: own }),
  });
  expect(changed.status).toBe(200);
  return cookie;
}

describe("/admin/blocked-phones", () => {
  it("lets the Orders role list, block and unblock numbers, shown as people read them; Catalogue is refused", async () => {
    const desk = await member("orders");
    const page = await get(desk, "/admin/blocked-phones");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('href="/admin/blocked-phones"');
    expect(html).toContain("Blocked phones");

    const local = `71${String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0")}`;
    const blocked = await post(desk, "/admin/blocked-phones", {
      intent: "block",
      phone: `+961${local}`,
      reason: "Refused two parcels",
    });
    expect(blocked.status).toBe(302);
    const listed = await (await get(desk, "/admin/blocked-phones")).text();
    const shown = `${local.slice(0, 2)} ${local.slice(2, 5)} ${local.slice(5)}`;
    expect(listed).toContain(shown);
    expect(listed).toContain("Refused two parcels");
    expect(listed).not.toContain(`>+961${local}<`);

    // An empty reason comes back with the form's message, nothing blocked.
    const refused = await post(desk, "/admin/blocked-phones", { intent: "block", phone: "+96170000001", reason: "" });
    expect(refused.status).toBe(400);

    const unblocked = await post(desk, "/admin/blocked-phones", { intent: "unblock", phone: `+961${local}` });
    expect(unblocked.status).toBe(302);
    expect(await (await get(desk, "/admin/blocked-phones")).text()).not.toContain("Refused two parcels");

    const shelf = await member("catalogue");
    expect((await get(shelf, "/admin/blocked-phones")).status).toBe(403);
    expect(await (await get(shelf, "/admin/products")).text()).not.toContain('href="/admin/blocked-phones"');
    expect((await post(shelf, "/admin/blocked-phones", { intent: "unblock", phone: "+96170000001" })).status).toBe(403);
    // Two members signed in and changing passwords: scrypt's work, slow on a busy machine.
  }, 120_000);

  it("answers a bad or needless 'Unblock' in the same words on the order desk's page and on Settings", async () => {
    // The toast a page shows after the redirect: its flash cookie read back on the page it sends to.
    const answer = async (path: string, fields: Record<string, string>) => {
      const posted = await post(server.cookie, path, fields);
      expect(posted.status).toBe(302);
      expect(posted.headers.get("Location")).toBe(path);
      const flash = posted.headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0])
        .join("; ");
      const html = await (await get(`${server.cookie}; ${flash}`, path)).text();
      return ["Choose a number to unblock", "This phone number is not blocked", "Unknown settings form"].filter(
        (words) => html.includes(words),
      );
    };
    const bad: Record<string, string>[] = [
      { intent: "unblock" },
      { intent: "unblock", phone: "" },
      { intent: "unblock", phone: "abc" },
    ];
    for (const fields of bad)
      for (const path of ["/admin/blocked-phones", "/admin/settings"])
        expect(await answer(path, fields), `${path} ${JSON.stringify(fields)}`).toEqual(["Choose a number to unblock"]);
    const never = `+96176${String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0")}`;
    for (const path of ["/admin/blocked-phones", "/admin/settings"])
      expect(await answer(path, { intent: "unblock", phone: never }), path).toEqual([
        "This phone number is not blocked",
      ]);
  });
});
