import type { Db } from "~/platform/db/db.server.ts";
import type { Storage } from "~/platform/files/storage.server.ts";
import type { SearchSuggestion } from "~/catalogue/views.ts";
import { searchVisibleProducts } from "./search.server.ts";

/** Suggestions under the search box: title, price and a small image, nothing more. */
export function suggestProducts(db: Db, storage: Storage, text: string, limit: number): SearchSuggestion[] {
  return searchVisibleProducts(db, storage, text, { limit }).items.map((item) => ({
    id: item.id,
    title: item.title,
    priceCents: item.priceCents,
    image: item.image
      ? { src: item.image.srcSet.split(" ")[0]!, width: item.image.width, height: item.image.height }
      : null,
  }));
}
