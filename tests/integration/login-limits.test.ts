import { afterAll, describe, expect, it } from "vitest";
import { startTestServer, TEST_ADMIN } from "../support/test-server.ts";

const servers: Awaited<ReturnType<typeof startTestServer>>[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
});

async function start(env: Record<string, string> = {}) {
  const server = await startTestServer({ env });
  servers.push(server);
  return server;
}

const login = (base: string, username: string, password: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/admin?index`, {
    method: "POST",
    body: new URLSearchParams({ username, password }),
    redirect: "manual",
    headers,
  });

describe("login limits", () => {
  it("count an attempt before the password is checked, so parallel guesses cannot all pass", async () => {
    const { base } = await start();
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => login(base, "race-target", `guess-${i}`)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status !== 429).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(15);
  });

  it("a correct password gives the attempt back, so signing in often is never limited", async () => {
    const { base } = await start();
    for (let i = 0; i < 21; i++) expect((await login(base, TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(302);
  });

  it("with TRUST_PROXY, trust one hop: the address the proxy appended, not what the client wrote before it", async () => {
    const { base } = await start({ TRUST_PROXY: "on" });
    // Each guess claims a new address in front of the one our proxy saw (10.9.8.7).
    let status = 0;
    for (let i = 0; i < 21 && status !== 429; i++) {
      status = (await login(base, `user-${i}`, "nope", { "X-Forwarded-For": `203.0.113.${i}, 10.9.8.7` })).status;
    }
    expect(status).toBe(429);
    expect(
      (await login(base, TEST_ADMIN.username, TEST_ADMIN.password, { "X-Forwarded-For": "198.51.100.1, 10.9.8.7" }))
        .status,
    ).toBe(429);
    expect(
      (await login(base, TEST_ADMIN.username, TEST_ADMIN.password, { "X-Forwarded-For": "10.9.8.7, 10.0.0.5" })).status,
    ).toBe(302);
  });
});
