import type { HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import { createDocumentRenderer } from "./platform/render/render-document.server.tsx";
import { createRenderMemo } from "./platform/render/render-memo.server.ts";
import { deferModuleScripts } from "./platform/render/scripts-after-load.tsx";

export { streamTimeout } from "./platform/render/render-document.server.tsx";

export default createDocumentRenderer({
  // Production only: the dev server reloads the modules on every change, and the pages change with them.
  renderMemo: process.env.NODE_ENV === "production" ? createRenderMemo() : undefined,
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
