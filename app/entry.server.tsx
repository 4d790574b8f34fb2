import fs from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import type { ReactElement } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { deferModuleScripts } from "./shell/hydrate-after-load.tsx";
import { InlineStylesheetProvider } from "./shell/inline-stylesheet.tsx";
import { NonceProvider } from "./shell/nonce.tsx";
import { isCataloguePage, preferredEncoding } from "./platform/render/page-cache.server.ts";
import { createRenderMemo, type MemoEntry } from "./platform/render/render-memo.server.ts";
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

/** Vite's dev server injects its own module scripts (HMR): there they run as Remix writes them. */
const withScriptsAfterLoad = process.env.NODE_ENV === "development" ? (html: string) => html : deferModuleScripts;

type StreamCache = NonNullable<NonNullable<EntryContext["renderMeta"]>["streamCache"]>;

/**
 * The page's loader data, read to its end before rendering: Remix encodes it as a stream that its
 * <StreamTransfer> component reads chunk by chunk while React renders, suspending on each read.
 * Read here first, in the same chunks and decoded the same way, and left in the cache that
 * component looks in (`renderMeta.streamCache`, typed in Remix's `EntryContext`), nothing suspends
 * and the whole page renders in one synchronous pass (decision 028). Returns the bytes read and what
 * gives a later render the same bytes again; undefined when there is no loader data to read.
 */
async function readLoaderData(context: EntryContext) {
  const stream = context.serverHandoffStream;
  if (!stream || !context.renderMeta) return undefined;
  const reader = stream.getReader();
  // Remix gives up on loader promises after `streamTimeout`; should the stream still not end, stop waiting.
  const timeout = setTimeout(() => void reader.cancel(), streamTimeout + 1_000);
  const decoder = new TextDecoder();
  const cache: StreamCache = {};
  const chunks: Uint8Array[] = [];
  try {
    for (let identifier = 0; ; identifier++) {
      const { done, value } = await reader.read();
      if (value) chunks.push(value);
      cache[identifier] = Object.assign(Promise.resolve(), {
        result: { done, value: decoder.decode(value, { stream: true }) },
      });
      if (done) break;
    }
  } finally {
    clearTimeout(timeout);
    reader.releaseLock();
  }
  context.renderMeta.streamCache = cache;
  // <RemixServer> takes a reader of the context's stream each time it renders: a render after the
  // first (the streaming fallback below) gets a fresh stream of the same bytes.
  const replay = () => {
    context.serverHandoffStream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
  };
  return { chunks, replay };
}

/** Production only: the dev server reloads this module on every change, and its pages change with it. */
const renderMemo = process.env.NODE_ENV === "production" ? createRenderMemo() : undefined;

/** A Suspense boundary React could not finish in a synchronous render (its fallback was sent instead). */
const UNFINISHED_BOUNDARY = "<!--$!-->";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  // A visitor without a cookie is the page cache's (it keeps what goes out here, uncompressed).
  const hasCookie = request.headers.has("cookie");
  const stylesheet = hasCookie ? undefined : inlineStylesheet;
  const page = (
    <NonceProvider value={nonce}>
      <InlineStylesheetProvider value={stylesheet}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </InlineStylesheetProvider>
    </NonceProvider>
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // The pages have no Suspense boundaries of their own, so with the loader data read first every
  // client gets the whole document from one synchronous render: a string, where React's streaming
  // renderer encodes each of a page's thousands of small pieces into bytes and passes them through
  // a Node stream (about 30% of a fresh render's CPU). Should anything still suspend, the page is
  // rendered again by the streaming renderer, which waits for it.
  const loaderData = await readLoaderData(remixContext);
  if (loaderData) {
    // A catalogue page for a shopper with a cookie: drawn before if its inputs were (decision 029).
    const memoKey =
      renderMemo && hasCookie && responseStatusCode === 200 && request.method === "GET"
        ? renderMemoKey(request, remixContext, loaderData.chunks)
        : undefined;
    const remembered = memoKey && renderMemo!.get(memoKey);
    if (remembered) return rememberedAnswer(remembered, request, responseHeaders, loadContext);

    const html = renderToString(page);
    if (!html.includes(UNFINISHED_BOUNDARY)) {
      const document = withScriptsAfterLoad(`<!DOCTYPE html>${html}`);
      // Kept for the next shopper with the same page; this answer goes out as rendered, its nonce
      // and all, compressed by the middleware (a render that is never asked again costs no more).
      // Not a page that sets a cookie: that is this visitor's one-time state (a flash message, the
      // order just placed), never asked again with the same data (the page cache's rule too).
      if (memoKey && !responseHeaders.has("set-cookie") && renderMemo!.remember(memoKey, document))
        responseHeaders.set("X-Render-Memo", "miss");
      return new Response(document, { headers: responseHeaders, status: responseStatusCode });
    }
    loaderData.replay();
  }
  return renderWhenAllReady(page, responseStatusCode, responseHeaders, nonce);
}

/**
 * What a catalogue page is drawn from: its URL (with the origin its absolute links use), Remix's
 * handoff (build, basename, future flags) and the loader data's bytes. Undefined for other pages.
 */
function renderMemoKey(request: Request, context: EntryContext, loaderData: Uint8Array[]) {
  const url = new URL(request.url);
  if (!isCataloguePage(url.pathname)) return undefined;
  return renderMemo!.keyOf([request.url, context.serverHandoffString ?? "", ...loaderData]);
}

/**
 * A remembered render, compressed as the client asks: the compression middleware passes an encoded
 * body through, and this response's policy allows the page's inline scripts by hash, not nonce.
 */
function rememberedAnswer(entry: MemoEntry, request: Request, headers: Headers, loadContext: AppLoadContext) {
  const encoding = preferredEncoding(request.headers.get("accept-encoding") ?? undefined);
  const body = renderMemo!.body(entry, encoding);
  loadContext.allowInlineScriptsByHash(entry.hashes);
  headers.append("Vary", "Accept-Encoding");
  if (encoding !== "identity") headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(body.byteLength));
  headers.set("X-Render-Memo", "hit");
  return new Response(body, { headers, status: 200 });
}

/** The streaming renderer, collected into one document once everything has resolved. */
function renderWhenAllReady(page: ReactElement, status: number, headers: Headers, nonce: string | undefined) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeout: NodeJS.Timeout | undefined = undefined;
    const { pipe, abort } = renderToPipeableStream(page, {
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
            clearTimeout(timeout);
            const html = withScriptsAfterLoad(Buffer.concat(chunks).toString("utf8"));
            resolve(new Response(html, { headers, status }));
            callback();
          },
        });
        pipe(document);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        if (shellRendered) console.error(error);
      },
    });
    timeout = setTimeout(abort, streamTimeout + 1_000);
  });
}

/** Unexpected errors are logged with the request id; the shopper never sees a stack trace. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // An aborted request, or an answer Remix chose itself (405 for a POST to a page without an action).
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  console.error(`[${context.requestId ?? "-"}] ${request.method} ${new URL(request.url).pathname}:`, error);
};

/** What server.ts starts once per process, read from this build (one copy of every module). */
export { startShop } from "./start-shop.server.ts";
