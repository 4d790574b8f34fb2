import fs from "node:fs";
import path from "node:path";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { InlineStylesheetProvider } from "./lib/inline-stylesheet.tsx";
import { NonceProvider } from "./lib/nonce.tsx";
import stylesheetHref from "./styles/app.css?url";

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
  // piece, rendered to a string: written chunk by chunk through a stream, Remix flushed the
  // compressor after each ~2 KB and the stream machinery cost more than the render (decision 027).
  const markup = renderToString(
    <NonceProvider value={nonce}>
      <InlineStylesheetProvider value={stylesheet}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </InlineStylesheetProvider>
    </NonceProvider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${markup}`, { headers: responseHeaders, status: responseStatusCode });
}

/** Unexpected errors are logged with the request id; the shopper never sees a stack trace. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // An aborted request, or an answer Remix chose itself (405 for a POST to a page without an action).
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  console.error(`[${context.requestId ?? "-"}] ${request.method} ${new URL(request.url).pathname}:`, error);
};
