import { Outlet } from "@remix-run/react";
import { messages } from "./locales/ar/pages.po";
import type { CatalogueHandle } from "./catalogue-handle.ts";

/**
 * The layout over the Arabic pages at `/ar`: the same shopper pages, with the Arabic catalogue,
 * which the router preloads with an Arabic page and no English page downloads (English needs none).
 */
export const handle: CatalogueHandle = { catalogue: { locale: "ar", messages } };

export default function ArabicPages() {
  return <Outlet />;
}
