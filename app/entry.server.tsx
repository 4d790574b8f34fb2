import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "./lib/nonce.tsx";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  // Bots and no-JavaScript clients get the whole document at once; browsers get it streamed.
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
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
    setTimeout(abort, streamTimeout + 1_000);
  });
}

/** Unexpected errors are logged with the request id; the shopper never sees a stack trace. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // An aborted request, or an answer Remix chose itself (405 for a POST to a page without an action).
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  console.error(`[${context.requestId ?? "-"}] ${request.method} ${new URL(request.url).pathname}:`, error);
};
