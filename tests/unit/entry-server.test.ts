import { type AppLoadContext, createRequestHandler, type ServerBuild } from "@remix-run/node";
import { Scripts, useLoaderData } from "@remix-run/react";
import { createElement as h, type FunctionComponent, type ReactNode, Suspense } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import * as entry from "~/entry.server.tsx";

/**
 * Counts the streaming renderer's uses. The one synchronous pass holds only while Remix's
 * `<StreamTransfer>` reads the loader data from `renderMeta.streamCache` (decision 028): should a
 * Remix release stop reading it, the component reads the already consumed stream instead, the
 * render suspends, and the renderer falls back to streaming. That fallback is counted here.
 */
const streamingRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock("react-dom/server", async (importOriginal) => {
  const original = await importOriginal<typeof import("react-dom/server")>();
  return {
    ...original,
    renderToPipeableStream: (...args: Parameters<typeof original.renderToPipeableStream>) => {
      streamingRenders.count++;
      return original.renderToPipeableStream(...args);
    },
  };
});
beforeEach(() => {
  streamingRenders.count = 0;
});

/** A one-route Remix build around the real entry.server.tsx, its root component given. */
function buildWith(Root: FunctionComponent) {
  return {
    mode: "production",
    entry: { module: entry },
    routes: {
      root: {
        id: "root",
        path: "",
        module: { default: Root, loader: () => ({ greeting: "Marhaba from the loader" }) },
      },
    },
    assets: {
      version: "test",
      url: "/assets/manifest.js",
      entry: { module: "/assets/entry.client.js", imports: [] },
      routes: {
        root: {
          id: "root",
          path: "",
          module: "/assets/root.js",
          hasLoader: true,
          hasAction: false,
          hasClientAction: false,
          hasClientLoader: false,
          hasErrorBoundary: false,
          imports: [],
        },
      },
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {
      v3_singleFetch: true,
      v3_lazyRouteDiscovery: true,
      v3_fetcherPersist: true,
      v3_relativeSplatPath: true,
      v3_throwAbortReason: true,
    },
    isSpaMode: false,
  } as unknown as ServerBuild;
}

function Page({ children }: { children?: ReactNode }) {
  const data = useLoaderData<{ greeting: string }>();
  return h("html", null, h("head"), h("body", null, h("p", null, data.greeting), children, h(Scripts)));
}

async function render(Root: FunctionComponent) {
  const handle = createRequestHandler(buildWith(Root), "production");
  // The entry reads only the CSP nonce of the load context.
  const context = { cspNonce: "n0nce" } as unknown as AppLoadContext;
  const response = await handle(new Request("http://shop.test/", { headers: { cookie: "a=1" } }), context);
  return { status: response.status, html: await response.text() };
}

describe("entry.server", () => {
  it("renders a page whole in one pass, its loader data included for hydration", async () => {
    const { status, html } = await render(() => h(Page));
    expect(status).toBe(200);
    // One synchronous pass: Remix read the loader data from the stream cache, nothing suspended.
    expect(streamingRenders.count).toBe(0);
    expect(html.startsWith("<!DOCTYPE html><html>")).toBe(true);
    expect(html).toContain("<p>Marhaba from the loader</p>");
    // The loader data goes to the browser in the page, closed, with the CSP nonce.
    expect(html).toMatch(
      /<script nonce="n0nce">window.__remixContext.streamController.enqueue\(.*Marhaba from the loader/,
    );
    expect(html).toContain("window.__remixContext.streamController.close();");
    // The module preloads and the module script wait for the page's load event (decision 030).
    expect(html).toContain('<link rel="modulepreload-after-load" href="/assets/entry.client.js"/>');
    expect(html).toMatch(/<script[^>]* type="module-after-load"/);
    expect(html).not.toContain('<link rel="modulepreload"');
  });

  it("still responds with a page whose render suspends, through the streaming renderer, data and all", async () => {
    let ready = false;
    const later = new Promise<void>((resolve) =>
      setTimeout(() => {
        ready = true;
        resolve();
      }, 20),
    );
    function Later() {
      if (!ready) throw later;
      return h("p", null, "Ready after a wait");
    }
    const { status, html } = await render(() =>
      h(Page, null, h(Suspense, { fallback: h("p", null, "Waiting") }, h(Later))),
    );
    expect(status).toBe(200);
    expect(streamingRenders.count).toBe(1);
    expect(html).toContain("Ready after a wait");
    expect(html).toContain("<p>Marhaba from the loader</p>");
    expect(html).toMatch(/streamController.enqueue\(.*Marhaba from the loader/);
    expect(html).toContain("window.__remixContext.streamController.close();");
  });
});
