import fs from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { InlineStylesheetProvider } from "./lib/inline-stylesheet.tsx";
import { NonceProvider } from "./lib/nonce.tsx";
import stylesheetHref from "./styles/app.css?url";

export const streamTimeout = 5_000;

/**
 * The stylesheet's text, read once at start, goes inline into a first visit's pages (no cookie yet):
 * the first paint then needs the document alone, not a second round trip (on a slow phone link,
 * ~0.3 s). A visitor with a cookie has been here and has the hashed, immutable file cached, so their
 * pages link it and stay 35 KB smaller to render and compress (decision 022). Only from a production
 * build; the dev server keeps the <link>.
 */
function readStylesheet() {
  if (process.env.NODE_ENV !== "production") return undefined;
  try {
    // The build's folder, as server.ts and vite.config.ts find it.
    return fs.readFileSync(path.resolve(process.env.BUILD_DIR ?? "build", `client${stylesheetHref}`), "utf8");
  } catch {
    return undefined;
  }
}
const inlineStylesheet = readStylesheet();

const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW_PRIORITY = Buffer.from(' fetchpriority="low"');

/**
 * Remix's <Scripts> preloads the page's ~18 modules at the browser's high priority, where on a thin
 * phone link they compete with the first product image (the largest paint) and, in Lighthouse's
 * simulation, count as blocking the first paint. The page is whole and usable before its scripts
 * run (every form works without them), so they load after what is painted: `fetchpriority="low"`
 * on each preload, spliced into the finished document's bytes (<Scripts> takes no option for it).
 */
function withLowPriorityModulePreloads(html: Buffer<ArrayBuffer>) {
  const parts: Buffer<ArrayBuffer>[] = [];
  let copied = 0;
  let at = html.indexOf(MODULE_PRELOAD);
  while (at !== -1) {
    const end = at + MODULE_PRELOAD.length;
    parts.push(html.subarray(copied, end), LOW_PRIORITY);
    copied = end;
    at = html.indexOf(MODULE_PRELOAD, end);
  }
  if (parts.length === 0) return html;
  parts.push(html.subarray(copied));
  return Buffer.concat(parts);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const stylesheet = request.headers.has("cookie") ? undefined : inlineStylesheet;
  // The pages have no Suspense boundaries to stream, so every client gets the whole document in one
  // piece: written chunk by chunk, Remix flushed the compressor after each ~2 KB (a third of a fresh
  // render's CPU went to web streams and zlib flushes) and the gzip came out larger.
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeout: NodeJS.Timeout | undefined = undefined;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <InlineStylesheetProvider value={stylesheet}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </InlineStylesheetProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          const chunks: Buffer[] = [];
          const document = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              clearTimeout(timeout);
              const document = withLowPriorityModulePreloads(Buffer.concat(chunks));
              resolve(new Response(document, { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          pipe(document);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    timeout = setTimeout(abort, streamTimeout + 1_000);
  });
}

/** Unexpected errors are logged with the request id; the shopper never sees a stack trace. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // An aborted request, or an answer Remix chose itself (405 for a POST to a page without an action).
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  console.error(`[${context.requestId ?? "-"}] ${request.method} ${new URL(request.url).pathname}:`, error);
};
