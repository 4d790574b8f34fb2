import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/server-process.ts";
import { createProduct } from "../support/db-factories.ts";
import { startTestServer } from "../support/test-server.ts";

/**
 * The shop behind a real nginx (Debian's package, run as this user on a free port with its own
 * prefix), configured by docs/nginx.conf itself with only its paths and ports changed: a second
 * cookieless request for a catalogue page is answered by nginx, a request with a cookie reaches
 * the shop. Every response the shop sends carries a fresh X-Request-Id, so the same id twice means
 * the shop saw one request.
 */
const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const hasNginx = fs.existsSync(NGINX);
if (!hasNginx) console.warn(`nginx.test.ts skipped: ${NGINX} is not installed (apt-get install -y nginx).`);

const SAMPLE = path.resolve("docs/nginx.conf");

/** docs/nginx.conf with its paths and ports pointed at this test's; each replaced line must exist. */
function sampleFor(prefix: string, shopPort: number, nginxPort: number) {
  let conf = fs.readFileSync(SAMPLE, "utf8");
  const replacements: [string, string][] = [
    ["/var/cache/nginx/shop", path.join(prefix, "cache")],
    ["server 127.0.0.1:3000;", `server 127.0.0.1:${shopPort};`],
    ["listen 80;", `listen 127.0.0.1:${nginxPort};`],
    ["/srv/shop/build/client", path.resolve("build/client")],
  ];
  for (const [from, to] of replacements) {
    expect(conf, `docs/nginx.conf should contain ${from}`).toContain(from);
    conf = conf.replace(from, to);
  }
  return conf;
}

function mainConfig(prefix: string) {
  const temp = (name: string) => path.join(prefix, "temp", name);
  return `
${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes 1;
pid ${path.join(prefix, "nginx.pid")};
error_log ${path.join(prefix, "error.log")} warn;
events { worker_connections 128; }
http {
  include /etc/nginx/mime.types;
  access_log ${path.join(prefix, "access.log")};
  client_body_temp_path ${temp("body")};
  proxy_temp_path ${temp("proxy")};
  fastcgi_temp_path ${temp("fastcgi")};
  uwsgi_temp_path ${temp("uwsgi")};
  scgi_temp_path ${temp("scgi")};
  include ${path.join(prefix, "shop.conf")};
}
`;
}

describe.skipIf(!hasNginx)("the shop behind nginx with docs/nginx.conf", () => {
  let shop: Awaited<ReturnType<typeof startTestServer>>;
  let nginx: ChildProcess;
  let prefix: string;
  let base: string;
  let productId: number;

  beforeAll(async () => {
    shop = await startTestServer();
    productId = createProduct(shop.db, { title: "Proxied Blender", stock: 3, priceCents: 4_500 }).id;
    prefix = fs.mkdtempSync(path.join(os.tmpdir(), "shop-nginx-"));
    fs.mkdirSync(path.join(prefix, "temp"));
    const nginxPort = await freePort();
    fs.writeFileSync(path.join(prefix, "shop.conf"), sampleFor(prefix, Number(new URL(shop.base).port), nginxPort));
    fs.writeFileSync(path.join(prefix, "nginx.conf"), mainConfig(prefix));
    nginx = spawn(
      NGINX,
      ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-e", path.join(prefix, "error.log"), "-g", "daemon off;"],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    let errors = "";
    nginx.stderr!.on("data", (chunk) => (errors += chunk));
    base = `http://127.0.0.1:${nginxPort}`;
    for (let attempt = 0; ; attempt++) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited: ${errors}`);
      if (
        await fetch(`${base}/healthz`).then(
          (response) => response.ok,
          () => false,
        )
      )
        break;
      if (attempt > 100) throw new Error(`nginx did not answer: ${errors}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once("exit", resolve));
      nginx.kill("SIGQUIT");
      await exited;
    }
    await shop?.stop();
    if (prefix) fs.rmSync(prefix, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => fetch(base + url, { headers });

  it("answers a second cookieless request for a catalogue page itself, and sends a request with a cookie to the shop", async () => {
    for (const url of ["/shop", `/shop/product/${productId}`, "/", "/condition-guide"]) {
      const first = await get(url);
      expect(first.status, url).toBe(200);
      expect(first.headers.get("cache-control"), url).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=30");
      expect(first.headers.get("vary"), url).toMatch(/\bCookie\b/);
      expect(first.headers.get("x-cache-status"), url).toBe("MISS");
      const shopId = first.headers.get("x-request-id");
      expect(shopId, url).toBeTruthy();
      await first.text();

      const second = await get(url);
      expect(second.status, url).toBe(200);
      expect(second.headers.get("x-cache-status"), url).toBe("HIT");
      // The very response the shop sent the first time: the shop did not see this request.
      expect(second.headers.get("x-request-id"), url).toBe(shopId);
      if (url.startsWith("/shop/product/")) expect(await second.text()).toContain("Proxied Blender");

      const withCookie = await get(url, { Cookie: "cart=anything" });
      expect(withCookie.status, url).toBe(200);
      expect(withCookie.headers.get("x-cache-status"), url).toBe("BYPASS");
      expect(withCookie.headers.get("x-request-id"), url).not.toBe(shopId);
      expect(withCookie.headers.get("cache-control"), url).toBe("private, no-store");
    }
  });

  it("never keeps the cart, the checkout, tracking or the admin, even without a cookie", async () => {
    for (const url of ["/cart", "/checkout", "/track", "/admin"]) {
      const ids = [];
      for (let i = 0; i < 2; i++) {
        const response = await get(url);
        expect(response.headers.get("cache-control"), url).toMatch(/no-store/);
        expect(response.headers.get("x-cache-status"), url).not.toBe("HIT");
        ids.push(response.headers.get("x-request-id"));
        await response.text();
      }
      expect(ids[0], url).not.toBe(ids[1]);
    }
  });

  it("serves the built assets itself with a year's caching", async () => {
    const asset = fs.readdirSync(path.resolve("build/client/assets")).find((name) => name.endsWith(".css"));
    const response = await get(`/assets/${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/css");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // Not proxied: the shop stamps every response it sends with an X-Request-Id.
    expect(response.headers.get("x-request-id")).toBeNull();
  });
});
