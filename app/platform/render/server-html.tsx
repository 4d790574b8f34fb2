import { createContext, type ReactElement, useContext, useState } from "react";

/**
 * Markup the server writes once and the browser never redraws: a part of the layout that is the same
 * on every page in a language (the header's category menu), drawn by a loader into the request's
 * `serverHtml` (AppLoadContext) from a string it keeps, instead of dozens of React elements rendered
 * for every response and hydrated on every page load. In the browser the part takes its HTML from the
 * document it arrived in, so React hydrates one element and never touches what is inside it; a new
 * page load (another language, a changed catalogue) brings the new markup.
 */
const ServerHtmlContext = createContext<ReadonlyMap<string, string> | undefined>(undefined);

/** Set by the document renderer with the request's parts (render-document.server.tsx). */
export const ServerHtmlProvider = ServerHtmlContext.Provider;

/** The HTML each part arrived with, kept in case it is drawn again (an error screen in the same layout). */
const arrived = new Map<string, string>();

function htmlInDocument(id: string) {
  let html = arrived.get(id);
  if (html === undefined) {
    html = document.getElementById(id)?.innerHTML ?? "";
    arrived.set(id, html);
  }
  return html;
}

export function ServerHtml({ id, as: Tag = "div", className }: { id: string; as?: "div" | "ul"; className?: string }) {
  const parts = useContext(ServerHtmlContext);
  const [html] = useState(() => (typeof document === "undefined" ? (parts?.get(id) ?? "") : htmlInDocument(id)));
  return <Tag id={id} className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Renders `render()`'s element to HTML, or gives what it rendered before for `key` (render-document.server.tsx). */
export type ServerMemo = (key: string, render: () => ReactElement) => string;
const ServerMemoContext = createContext<ServerMemo | undefined>(undefined);
export const ServerMemoProvider = ServerMemoContext.Provider;

/**
 * A part of a page that many different pages draw alike (the Filters' category tree: the same for
 * every search and every sort), its markup rendered once per `memoKey` on the server and written as
 * a string into each such page. `memoKey` must name everything the part's markup depends on, and the
 * part must read no React context: it is rendered on its own. In the browser it is an ordinary part,
 * hydrated over that markup (the same bytes React would have written in place) and redrawn by React
 * on every navigation.
 */
export function Memoised({
  memoKey,
  as: Tag = "div",
  className,
  children,
}: {
  memoKey: string;
  as?: "div" | "ul";
  className?: string;
  children: ReactElement;
}) {
  const memo = useContext(ServerMemoContext);
  if (memo) return <Tag className={className} dangerouslySetInnerHTML={{ __html: memo(memoKey, () => children) }} />;
  return <Tag className={className}>{children}</Tag>;
}

const keys = new WeakMap<object, number>();
let lastKey = 0;

/** A number for an object, the same as long as it lives: a `memoKey` for data kept by identity (a catalogue version's tree). */
export function objectKey(value: object): number {
  let key = keys.get(value);
  if (key === undefined) keys.set(value, (key = ++lastKey));
  return key;
}
