import type { Messages } from "@lingui/core";
import type { Locale } from "./locale.ts";

/** What a language layout route gives the shell: its language and compiled catalogue. */
export type CatalogueHandle = { catalogue: { locale: Locale; messages: Messages } };

export function catalogueOf(handle: unknown): CatalogueHandle["catalogue"] | undefined {
  return (handle as Partial<CatalogueHandle> | undefined)?.catalogue;
}
