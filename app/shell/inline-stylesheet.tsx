import { createContext, useContext } from "react";
import stylesheetHref from "~/styles/app.css?url";

const InlineStylesheetContext = createContext<string | undefined>(undefined);

/** Set in entry.server.tsx with the built stylesheet's text (production only). */
export const InlineStylesheetProvider = InlineStylesheetContext.Provider;

const STYLE_ID = "app-stylesheet";
/**
 * In the browser, the text the server inlined, read once before hydration: React never rewrites a
 * `<style>`'s inner HTML while its prop stays the same, and a remount puts the same rules back.
 */
const inlinedInDocument =
  typeof document === "undefined" ? undefined : (document.getElementById(STYLE_ID)?.textContent ?? undefined);

/**
 * The shop's stylesheet: inline in the document when the server has its text (no second round trip
 * before the first paint), else a plain `<link>` (the dev server, or a page the server linked).
 */
export function Stylesheet() {
  const serverText = useContext(InlineStylesheetContext);
  const text = serverText ?? inlinedInDocument;
  if (text === undefined) return <link rel="stylesheet" href={stylesheetHref} />;
  return <style id={STYLE_ID} dangerouslySetInnerHTML={{ __html: text }} />;
}
