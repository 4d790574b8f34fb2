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

/** The server's memo of parts drawn on their own (render-document.server.tsx); undefined in the browser. */
export function useServerMemo(): ServerMemo | undefined {
  return useContext(ServerMemoContext);
}

/**
 * The markup a part of the page arrived with, while hydrating and for as long as `drawnWith` (what
 * its markup was drawn from: a key, or the loader's object itself) is the same: the part is written
 * with it as `dangerouslySetInnerHTML`, so hydration walks one element, not the dozens inside it.
 * Once `drawnWith` changes (a client-side navigation), `undefined`: React draws the part, on a new
 * element (give the two a different `key`). Such a part must hold no state or handlers of its own
 * (plain anchors, details and forms work as they are; a listener on a parent may act for them). A
 * part mounted after hydration (`data-hydrated`, scripts-after-load.tsx) is drawn by React, whatever
 * the page it replaces holds. `id` names the element in the document.
 */
export function useArrivedHtml(id: string, drawnWith: unknown): string | undefined {
  const [arrived] = useState(() =>
    typeof document === "undefined" || document.documentElement.dataset.hydrated
      ? undefined
      : { drawnWith, html: document.getElementById(id)?.innerHTML },
  );
  return arrived && Object.is(arrived.drawnWith, drawnWith) ? arrived.html : undefined;
}

/**
 * A part of a page that many different pages draw alike (the Filters' category tree: the same for
 * every search and every sort), its markup rendered once per `memoKey` on the server and written as
 * a string into each such page. `memoKey` must name everything the part's markup depends on, and the
 * part must read no React context: it is rendered on its own. In the browser the part is hydrated as
 * the markup it arrived with (`useArrivedHtml`) until `memoKey` changes; then React draws it.
 */
export function Memoised({
  id,
  memoKey,
  as: Tag = "div",
  className,
  children,
}: {
  id: string;
  memoKey: string;
  as?: "div" | "ul";
  className?: string;
  children: ReactElement;
}) {
  const memo = useServerMemo();
  const arrived = useArrivedHtml(id, memoKey);
  if (memo) {
    return <Tag id={id} className={className} dangerouslySetInnerHTML={{ __html: memo(memoKey, () => children) }} />;
  }
  if (arrived !== undefined) {
    return <Tag key="arrived" id={id} className={className} dangerouslySetInnerHTML={{ __html: arrived }} />;
  }
  return (
    <Tag key="drawn" id={id} className={className}>
      {children}
    </Tag>
  );
}

const keys = new WeakMap<object, number>();
let lastKey = 0;

/** A number for an object, the same as long as it lives: a `memoKey` for data kept by identity (a catalogue version's tree). */
export function objectKey(value: object): number {
  let key = keys.get(value);
  if (key === undefined) keys.set(value, (key = ++lastKey));
  return key;
}
