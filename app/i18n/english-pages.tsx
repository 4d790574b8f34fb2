import { Outlet } from "@remix-run/react";
import { messages } from "./locales/en/pages.po";
import type { CatalogueHandle } from "./catalogue-handle.ts";

/**
 * The layout over every English page: it adds nothing to the page, only brings the English
 * catalogue, so the router preloads it with the page and no Arabic page downloads it.
 */
export const handle: CatalogueHandle = { catalogue: { locale: "en", messages } };

export default function EnglishPages() {
  return <Outlet />;
}
