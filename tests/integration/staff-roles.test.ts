import { describe, expect, it } from "vitest";
import { loginCookie } from "../support/admin-session.ts";
import { apiClient, jsonBody as json, png } from "../support/api-client.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { TEST_ADMIN, useTestServer } from "../support/test-server.ts";

/**
 * Staff accounts with roles over HTTP against the real server: the contract's table of which
 * role may use which admin /api/ call (one row per call on this branch, a valid request each),
 * the last owner, one's own password, the first-password rule, removal and role changes taking
 * effect at once, and the dashboard's refusal.
 */
const server = useTestServer({ signedIn: true });
const owner = apiClient(
  () => server.base,
  () => server.cookie,
);

type Role = "orders" | "catalogue" | "owner";
const sessions: Record<Role, string> = { orders: "", catalogue: "", owner: "" };
const FIRST = { orders: "desk-first-password", catalogue: "shelf-first-password" };
const NEW = { orders: "desk-own-password-1", catalogue: "shelf-own-password-1" };
const NAMES = {
  orders: uniqueWord("desk").toLowerCase().slice(0, 30),
  catalogue: uniqueWord("shelf").toLowerCase().slice(0, 30),
};

const as = (role: Role, path: string, init: RequestInit = {}) =>
  fetch(server.base + path, {
    ...init,
    redirect: "manual",
    headers: { Cookie: role === "owner" ? server.cookie : sessions[role], ...(init.headers as Record<string, string>) },
  });

async function errorOf(response: Response) {
  return ((await response.json()) as { error: string }).error;
}

async function placeOrder(productId: number) {
  const response = await owner.createOrder(String(productId));
  expect(response.status).toBe(201);
  return ((await response.json()) as { order: { _id: string } }).order._id;
}

async function addMember(role: "orders" | "catalogue") {
  const response = await as("owner", "/api/admin/staff", {
    method: "POST",
    ...json({ username: NAMES[role], role, password: FIRST[role] }),
  });
  expect(response.status).toBe(201);
  expect(await response.json()).toMatchObject({ member: { username: NAMES[role], role, mustChangePassword: true } });
}

describe("staff accounts with roles", () => {
  it("a new member must change the first password before anything else (403 over /api/, pages send to /admin/account)", async () => {
    for (const role of ["orders", "catalogue"] as const) {
      await addMember(role);
      sessions[role] = await loginCookie(server.base, { username: NAMES[role], password: FIRST[role] });
    }
    const listed = await as("orders", "/api/order/getAllOrders");
    expect(listed.status).toBe(403);
    expect(await errorOf(listed)).toBe("Change your password first.");
    const products = await as("catalogue", "/api/product/getAllProducts");
    expect(products.status).toBe(403);
    expect(await errorOf(products)).toBe("Change your password first.");
    const page = await as("orders", "/admin/orders");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin/account");
    const account = await as("orders", "/admin/account");
    expect(account.status).toBe(200);
    expect(await account.text()).toContain("Choose your own password before you start");

    const changes = (role: "orders" | "catalogue", currentPassword: string, newPassword: string) =>
      as(role, "/api/admin/account/password", { method: "POST", ...json({ currentPassword, newPassword }) });
    const wrong = await changes("orders", "not-the-password", NEW.orders);
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toBe("currentPassword: The current password is not right.");
    const short = await changes("orders", FIRST.orders, "too-short");
    expect(short.status).toBe(400);
    expect(await errorOf(short)).toMatch(/^newPassword: Use at least 12 characters/);
    // Still refused: nothing was changed.
    expect((await as("orders", "/api/order/getAllOrders")).status).toBe(403);
    for (const role of ["orders", "catalogue"] as const)
      expect((await changes(role, FIRST[role], NEW[role])).status).toBe(200);
    // The same session goes on, now with its role.
    expect((await as("orders", "/api/order/getAllOrders")).status).toBe(200);
    // The first password no longer signs in; the new one does.
    await expect(loginCookie(server.base, { username: NAMES.orders, password: FIRST.orders })).rejects.toThrow(/400/);
    sessions.orders = await loginCookie(server.base, { username: NAMES.orders, password: NEW.orders });
  });

  it("lets each role use exactly the /api/ calls the contract gives it (one row per admin call)", async () => {
    const product = createProduct(server.db, { title: uniqueWord("Role Kettle"), stock: 20 });
    const [orderA, orderB] = [await placeOrder(product.id), await placeOrder(product.id)];
    const listed = await owner.addProduct(uniqueWord("Role Drill"), 3);
    const doomed = await owner.addProduct(uniqueWord("Role Saw"), 3);
    // Pending images the owner uploaded, for a valid addProduct body.
    const uploaded = await owner.upload({ name: "new.png", data: await png("#e76f51") });
    const { urls } = (await uploaded.json()) as { urls: string[] };
    const made = await as("owner", "/api/discount/create", {
      method: "POST",
      ...json({ code: uniqueWord("EDIT").slice(0, 30), amount: 5 }),
    });
    expect(made.status).toBe(201);
    const discountId = ((await made.json()) as { discount: { _id: string } }).discount._id;
    const tempStaff = uniqueWord("temp").toLowerCase().slice(0, 30);
    const productBody = (title: string, image_link: string[]) =>
      json({
        Title: title,
        price: 30,
        Description: `${title}, open box`,
        Category: "Tools",
        size: [],
        image_link,
        quantity: 2,
      });
    const uploadBody = async () => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(await png("#264653"))]), "shelf.png");
      return { body: form };
    };

    /** method, path, a valid request, and the status for an Orders and a Catalogue session (and the owner's where it proves the call works). */
    const table: {
      call: string;
      method: string;
      path: string;
      init?: () => Promise<RequestInit> | RequestInit;
      orders: number;
      catalogue: number;
      owner?: number;
    }[] = [
      { call: "order/getAllOrders", method: "GET", path: "/api/order/getAllOrders", orders: 200, catalogue: 403 },
      {
        call: "order/getOrderById",
        method: "GET",
        path: `/api/order/getOrderById?id=${orderA}`,
        orders: 200,
        catalogue: 403,
      },
      {
        call: "order/confirmOrder",
        method: "POST",
        path: `/api/order/confirmOrder?id=${orderA}`,
        orders: 200,
        catalogue: 403,
      },
      {
        call: "order/addNote",
        method: "POST",
        path: `/api/order/addNote?id=${orderA}`,
        init: () => json({ text: "Called, she is home after 5" }),
        orders: 201,
        catalogue: 403,
      },
      {
        call: "order/updateOrder",
        method: "GET",
        path: `/api/order/updateOrder?id=${orderA}`,
        orders: 200,
        catalogue: 403,
      },
      {
        call: "order/markReturned",
        method: "POST",
        path: `/api/order/markReturned?id=${orderA}`,
        init: () => json({ reason: "refused" }),
        orders: 200,
        catalogue: 403,
      },
      {
        call: "customer/block",
        method: "POST",
        path: "/api/customer/block",
        init: () => json({ phone: "03 999 888", reason: "Refused twice" }),
        orders: 201,
        catalogue: 403,
      },
      { call: "customer/blocked", method: "GET", path: "/api/customer/blocked", orders: 200, catalogue: 403 },
      {
        call: "customer/unblock",
        method: "POST",
        path: "/api/customer/unblock",
        init: () => json({ phone: "+961 3 999 888" }),
        orders: 200,
        catalogue: 403,
      },
      {
        call: "order/cancelOrder",
        method: "POST",
        path: `/api/order/cancelOrder?id=${orderB}`,
        orders: 200,
        catalogue: 403,
      },
      {
        call: "product/getAllProducts",
        method: "GET",
        path: "/api/product/getAllProducts",
        orders: 403,
        catalogue: 200,
      },
      {
        call: "product/import",
        method: "POST",
        path: "/api/product/import?dryRun=1",
        init: async () => {
          const exported = await (await as("owner", "/admin/products.csv")).text();
          const form = new FormData();
          form.append("file", new Blob([exported], { type: "text/csv" }), "products.csv");
          return { body: form };
        },
        orders: 403,
        catalogue: 200,
      },
      { call: "upload", method: "POST", path: "/api/upload", init: uploadBody, orders: 403, catalogue: 201 },
      {
        call: "product/addProduct",
        method: "POST",
        path: "/api/product/addProduct",
        init: () => productBody(uniqueWord("Shelf Lamp"), urls),
        orders: 403,
        catalogue: 201,
      },
      {
        call: "product/edit",
        method: "PUT",
        path: `/api/product/edit?id=${listed._id}`,
        init: () => productBody("Role Drill, edited", listed.image_link),
        orders: 403,
        catalogue: 200,
      },
      {
        call: "product/deletebyID",
        method: "DELETE",
        path: `/api/product/deletebyID?id=${doomed._id}`,
        orders: 403,
        catalogue: 200,
      },
      {
        call: "discount/create",
        method: "POST",
        path: "/api/discount/create",
        init: () => json({ code: uniqueWord("ROLES").slice(0, 30), percent: 10 }),
        orders: 403,
        catalogue: 403,
        owner: 201,
      },
      { call: "discount/list", method: "GET", path: "/api/discount/list", orders: 403, catalogue: 403, owner: 200 },
      {
        call: "discount/edit",
        method: "PUT",
        path: `/api/discount/edit?id=${discountId}`,
        init: () => json({ percent: 15 }),
        orders: 403,
        catalogue: 403,
        owner: 200,
      },
      { call: "admin/overview", method: "GET", path: "/api/admin/overview", orders: 403, catalogue: 403, owner: 200 },
      { call: "admin/activity", method: "GET", path: "/api/admin/activity", orders: 403, catalogue: 403, owner: 200 },
      { call: "admin/staff", method: "GET", path: "/api/admin/staff", orders: 403, catalogue: 403, owner: 200 },
      {
        call: "admin/staff",
        method: "POST",
        path: "/api/admin/staff",
        init: () => json({ username: tempStaff, role: "catalogue", password: "a-first-password" }),
        orders: 403,
        catalogue: 403,
        owner: 201,
      },
      {
        call: "admin/staff",
        method: "PUT",
        path: `/api/admin/staff?username=${tempStaff}`,
        init: () => json({ role: "orders" }),
        orders: 403,
        catalogue: 403,
        owner: 200,
      },
      {
        call: "admin/staff",
        method: "DELETE",
        path: `/api/admin/staff?username=${tempStaff}`,
        orders: 403,
        catalogue: 403,
        owner: 200,
      },
    ];
    const seen: string[] = [];
    for (const row of table) {
      for (const role of ["orders", "catalogue", "owner"] as const) {
        const expected = row[role];
        if (expected === undefined) continue;
        const response = await as(role, row.path, { method: row.method, ...(await row.init?.()) });
        seen.push(`${row.method} ${row.call} as ${role}: ${response.status}`);
        if (response.status === 403) expect(await errorOf(response)).toBe("Your role does not allow this.");
      }
    }
    const wanted = table.flatMap((row) =>
      (["orders", "catalogue", "owner"] as const).flatMap((role) =>
        row[role] === undefined ? [] : [`${row.method} ${row.call} as ${role}: ${row[role]}`],
      ),
    );
    expect(seen).toEqual(wanted);

    // One's own password is everyone's call (the first password's test changed it with a valid request too).
    for (const role of ["orders", "catalogue"] as const) {
      const response = await as(role, "/api/admin/account/password", {
        method: "POST",
        ...json({ currentPassword: NEW[role], newPassword: `${NEW[role]}-again` }),
      });
      expect(response.status).toBe(200);
      NEW[role] = `${NEW[role]}-again`;
    }

    // The activity log names who did it.
    const log = (await (await as("owner", `/api/admin/activity?order=${orderA}`)).json()) as {
      activity: { kind: string; by: string }[];
    };
    expect(log.activity.find((entry) => entry.kind === "order.note")?.by).toBe(NAMES.orders);
    expect(log.activity.find((entry) => entry.kind === "order.confirmed")?.by).toBe(NAMES.orders);
  });

  it("keeps the last owner: neither demoted nor removed (409); with a second owner both work", async () => {
    const demote = await as("owner", `/api/admin/staff?username=${TEST_ADMIN.username}`, {
      method: "PUT",
      ...json({ role: "orders" }),
    });
    expect(demote.status).toBe(409);
    expect(await errorOf(demote)).toBe("The shop must keep at least one owner.");
    const remove = await as("owner", `/api/admin/staff?username=${TEST_ADMIN.username}`, { method: "DELETE" });
    expect(remove.status).toBe(409);
    const staff = (await (await as("owner", "/api/admin/staff")).json()) as {
      staff: { username: string; role: string }[];
    };
    expect(staff.staff.find((member) => member.username === TEST_ADMIN.username)?.role).toBe("owner");

    const second = uniqueWord("boss").toLowerCase().slice(0, 30);
    expect(
      (
        await as("owner", "/api/admin/staff", {
          method: "POST",
          ...json({ username: second, role: "orders", password: "second-owner-pw" }),
        })
      ).status,
    ).toBe(201);
    const promoted = await as("owner", `/api/admin/staff?username=${second}`, {
      method: "PUT",
      ...json({ role: "owner" }),
    });
    expect(promoted.status).toBe(200);
    // Now there are two owners: this one may be demoted, and then the first is the last again.
    expect(
      (await as("owner", `/api/admin/staff?username=${second}`, { method: "PUT", ...json({ role: "catalogue" }) }))
        .status,
    ).toBe(200);
    expect((await as("owner", `/api/admin/staff?username=${TEST_ADMIN.username}`, { method: "DELETE" })).status).toBe(
      409,
    );
    // A taken username (in any case) is 409, a short first password 400.
    const taken = await as("owner", "/api/admin/staff", {
      method: "POST",
      ...json({ username: second.toUpperCase(), role: "orders", password: "another-password" }),
    });
    expect(taken.status).toBe(409);
    const weak = await as("owner", "/api/admin/staff", {
      method: "POST",
      ...json({ username: uniqueWord("weak").slice(0, 30), role: "orders", password: "short" }),
    });
    expect(weak.status).toBe(400);
    expect(await errorOf(weak)).toMatch(/^password: /);
  });

  it("shows a refused page inside the dashboard, and a role change or a removal applies to the next request", async () => {
    const refused = await as("orders", "/admin/products");
    expect(refused.status).toBe(403);
    const html = await refused.text();
    expect(html).toContain("Your role does not allow this.");
    expect(html).toContain("View Orders");
    expect(html).not.toContain(">Manage Products<");
    expect(html).not.toContain(">Settings<");
    expect(html).not.toContain(">Staff<");
    expect((await as("orders", "/admin/orders")).status).toBe(200);
    expect((await as("catalogue", "/admin/orders")).status).toBe(403);
    expect((await as("catalogue", "/admin/products.csv")).status).toBe(200);
    expect((await as("orders", "/admin/products.csv")).status).toBe(403);
    expect((await as("orders", "/admin/staff")).status).toBe(403);

    // Catalogue moves to Orders: the open session has the new role at once.
    const moved = await as("owner", `/api/admin/staff?username=${NAMES.catalogue}`, {
      method: "PUT",
      ...json({ role: "orders" }),
    });
    expect(moved.status).toBe(200);
    expect((await as("catalogue", "/api/order/getAllOrders")).status).toBe(200);
    expect((await as("catalogue", "/api/product/getAllProducts")).status).toBe(403);

    // Removed: the next request is signed out, and the password no longer signs in.
    const removed = await as("owner", `/api/admin/staff?username=${NAMES.orders}`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect((await as("orders", "/api/order/getAllOrders")).status).toBe(401);
    const page = await as("orders", "/admin/orders");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin");
    await expect(loginCookie(server.base, { username: NAMES.orders, password: NEW.orders })).rejects.toThrow(/400/);
    expect((await fetch(`${server.base}/api/admin/staff`)).status).toBe(401);
  });
});
