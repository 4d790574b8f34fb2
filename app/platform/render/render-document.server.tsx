import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import type { ReactElement } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { NonceProvider } from "~/platform/render/nonce.tsx";
import { type ServerMemo, ServerHtmlProvider, ServerMemoProvider } from "~/platform/render/server-html.tsx";
import { isCataloguePage } from "../http/page-address.ts";
import { preferredEncoding } from "./page-cache.server.ts";
import type { MemoEntry, RenderMemo } from "./render-memo.server.ts";

/**
 * How every document is rendered (decision 032). Two mechanisms live here and nowhere else:
 *
 * - **One synchronous pass** (decision 028). Remix encodes the loader data as a stream that its
 *   `<StreamTransfer>` component reads chunk by chunk while React renders, suspending on each read.
 *   Read here first, in the same chunks and decoded the same way, and left in the cache that
 *   component looks in (`renderMeta.streamCache`, typed in Remix's `EntryContext` but undocumented),
 *   nothing suspends and the whole page is one `renderToString`: no Suspense boundaries of our own,
 *   no React stream encoding thousands of small pieces into bytes through a Node stream. Should
 *   anything still suspend (Remix stopped reading that cache, or a page awaits something), the page
 *   is rendered again by the streaming renderer, which waits for it (`tests/unit/entry-server.test.ts`
 *   fails then).
 * - **The render memo** for catalogue pages asked with a cookie (`render-memo.server.ts`).
 */

/** Remix gives up on loader promises after this long (Remix reads it from the server entry). */
export const streamTimeout = 5_000;

type StreamCache = NonNullable<NonNullable<EntryContext["renderMeta"]>["streamCache"]>;

export type DocumentRendererOptions = {
  /** The finished document's last rewrite (scripts after load, decision 030). */
  finish: (html: string) => string;
};

/** A Suspense boundary React could not finish in a synchronous render (its fallback was sent instead). */
const UNFINISHED_BOUNDARY = "<!--$!-->";

/**
 * The page's loader data, read to its end and left in `renderMeta.streamCache` for Remix's
 * `<StreamTransfer>`. Returns the bytes read and `replay`, which gives a later render (the streaming
 * fallback) a fresh stream of the same bytes; undefined when there is no loader data to read.
 */
async function readLoaderData(context: EntryContext) {
  const stream = context.serverHandoffStream;
  if (!stream || !context.renderMeta) return undefined;
  const reader = stream.getReader();
  // Should the stream not end after Remix has given up on its promises, stop waiting.
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

/**
 * How much `Memoised` parts and remembered product cards may hold, in characters of key and markup
 * (a Filters tree is about 10,000, a card about 2,000: some 250 trees or 1,200 cards, 2.5-5 MB).
 */
const PART_MEMO_CHARS = 2_500_000;

/**
 * Parts of pages drawn alike by many pages (`Memoised`, `ProductGrid`'s cards), the least recently
 * used dropped first once they hold more than PART_MEMO_CHARS.
 */
function createPartMemo(): ServerMemo {
  const parts = new Map<string, string>();
  let held = 0;
  return (key, render) => {
    let html = parts.get(key);
    if (html === undefined) {
      html = renderToString(render());
      held += key.length + html.length;
      for (const [oldKey, oldHtml] of parts) {
        if (held <= PART_MEMO_CHARS) break;
        parts.delete(oldKey);
        held -= oldKey.length + oldHtml.length;
      }
    } else parts.delete(key);
    parts.set(key, html);
    return html;
  };
}

export function createDocumentRenderer({ finish }: DocumentRendererOptions) {
  const partMemo = createPartMemo();
  /**
   * What a catalogue page is rendered from: its URL (with the origin its absolute links use; server.ts
   * has reduced it to the page's address, page-address.ts),
   * Remix's handoff (build, basename, future flags) and the loader data's bytes. Undefined for
   * other pages.
   */
  function renderMemoKey(memo: RenderMemo, request: Request, context: EntryContext, loaderData: Uint8Array[]) {
    if (!isCataloguePage(new URL(request.url).pathname)) return undefined;
    return memo.keyOf([request.url, context.serverHandoffString ?? "", ...loaderData]);
  }

  /**
   * A remembered render, compressed as the client asks: the compression middleware passes an
   * encoded body through, and this response's policy allows the page's inline scripts by hash.
   */
  function memoResponse(memo: RenderMemo, entry: MemoEntry, request: Request, headers: Headers, load: AppLoadContext) {
    const encoding = preferredEncoding(request.headers.get("accept-encoding") ?? undefined);
    const body = memo.body(entry, encoding);
    load.allowInlineScriptsByHash(entry.hashes);
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
              resolve(new Response(finish(Buffer.concat(chunks).toString("utf8")), { headers, status }));
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

  return async function renderDocument(
    request: Request,
    status: number,
    headers: Headers,
    context: EntryContext,
    load: AppLoadContext,
  ) {
    const nonce = load.cspNonce;
    // Created at start with its share of CACHE_MEMORY_MB (production only); undefined: every page rendered afresh.
    const renderMemo = load.renderMemo;
    const page = (
      <NonceProvider value={nonce}>
        <ServerHtmlProvider value={load.serverHtml}>
          <ServerMemoProvider value={partMemo}>
            <RemixServer context={context} url={request.url} nonce={nonce} />
          </ServerMemoProvider>
        </ServerHtmlProvider>
      </NonceProvider>
    );
    headers.set("Content-Type", "text/html; charset=utf-8");
    const loaderData = await readLoaderData(context);
    if (loaderData) {
      // A catalogue page for a shopper with a cookie: rendered before if its inputs were (decision 029).
      const memoKey =
        // A visitor without a cookie is the page cache's (it caches what goes out here, uncompressed).
        renderMemo && request.headers.has("cookie") && status === 200 && request.method === "GET"
          ? renderMemoKey(renderMemo, request, context, loaderData.chunks)
          : undefined;
      const remembered = memoKey && renderMemo!.get(memoKey);
      if (remembered) return memoResponse(renderMemo!, remembered, request, headers, load);

      const html = renderToString(page);
      if (!html.includes(UNFINISHED_BOUNDARY)) {
        const document = finish(`<!DOCTYPE html>${html}`);
        // Cached for the next shopper with the same page; this response goes out as rendered, its
        // nonce and all, compressed by the middleware. Not a page that sets a cookie: that is this
        // visitor's one-time state (a flash message, the order just placed), never asked again
        // with the same data (the page cache's rule too).
        if (memoKey && !headers.has("set-cookie") && renderMemo!.remember(memoKey, document))
          headers.set("X-Render-Memo", "miss");
        return new Response(document, { headers, status });
      }
      loaderData.replay();
    }
    return renderWhenAllReady(page, status, headers, nonce);
  };
}
