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
 * part must read no React context: it is rendered on its own. In the browser, the part takes the
 * markup it arrived with from the document (by its `id`) while its `memoKey` is the one the page was
 * drawn with, so hydration walks one element, not the dozens inside it: the part must hold no state,
 * handlers or `<Link>`s (plain anchors, details and forms work as they are). Once `memoKey` changes
 * (a client-side navigation to another category), React draws the part itself, anew.
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
  const memo = useContext(ServerMemoContext);
  // Only while hydrating (`data-hydrated` is set once it is done, scripts-after-load.tsx): a part
  // mounted later by a navigation is drawn by React, whatever the page it replaces holds.
  const [arrived] = useState(() =>
    typeof document === "undefined" || document.documentElement.dataset.hydrated
      ? undefined
      : { memoKey, html: document.getElementById(id)?.innerHTML },
  );
  if (memo) {
    return <Tag id={id} className={className} dangerouslySetInnerHTML={{ __html: memo(memoKey, () => children) }} />;
  }
  if (arrived?.html !== undefined && arrived.memoKey === memoKey) {
    return <Tag key="arrived" id={id} className={className} dangerouslySetInnerHTML={{ __html: arrived.html }} />;
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
