import type { HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import { createDocumentRenderer } from "./platform/render/render-document.server.tsx";
import { deferModuleScripts } from "./platform/render/scripts-after-load.tsx";

export { streamTimeout } from "./platform/render/render-document.server.tsx";

// The render memo comes with each request's context (start-shop.server.ts creates it, production only).
export default createDocumentRenderer({
  // Vite's dev server injects its own module scripts (HMR): there they run as Remix writes them.
  finish: process.env.NODE_ENV === "development" ? (html) => html : deferModuleScripts,
});

/** Unexpected errors are logged with the request id; the shopper never sees a stack trace. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // An aborted request, or a response Remix chose itself (405 for a POST to a page without an action).
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  console.error(`[${context.requestId ?? "-"}] ${request.method} ${new URL(request.url).pathname}:`, error);
};

/** What server.ts starts once per process, read from this build (one copy of every module). */
export { startShop } from "./start-shop.server.ts";
