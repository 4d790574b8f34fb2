import { PrefetchPageLinks } from "@remix-run/react";
import { type RefObject, useEffect, useState } from "react";

/**
 * What `<Link prefetch="intent">` does, for the plain anchors of a part hydrated as the markup it
 * arrived with (`useArrivedHtml`): the page an anchor leads to is prefetched (its data and modules)
 * 100 ms after the pointer rests on it, or at once when it is focused or touched; leaving it stops.
 * One set of listeners on the container, none per anchor.
 */
export function IntentPrefetch({ containerRef }: { containerRef: RefObject<HTMLElement> }) {
  const [page, setPage] = useState<string | null>(null);
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const anchorOf = (target: EventTarget | null) => {
      const anchor = target instanceof Element ? target.closest("a[href]") : null;
      return anchor instanceof HTMLAnchorElement && container.contains(anchor) ? anchor : null;
    };
    const intend = (delay: number) => (event: Event) => {
      const anchor = anchorOf(event.target);
      if (!anchor || anchor.origin !== window.location.origin) return;
      clearTimeout(timer);
      timer = setTimeout(() => setPage(anchor.pathname + anchor.search), delay);
    };
    const cancel = (event: MouseEvent | FocusEvent) => {
      const anchor = anchorOf(event.target);
      if (!anchor || (event.relatedTarget instanceof Node && anchor.contains(event.relatedTarget))) return;
      clearTimeout(timer);
      setPage(null);
    };
    const onPointer = intend(100);
    const onFocusOrTouch = intend(0);
    container.addEventListener("mouseover", onPointer);
    container.addEventListener("mouseout", cancel);
    container.addEventListener("focusin", onFocusOrTouch);
    container.addEventListener("focusout", cancel);
    container.addEventListener("touchstart", onFocusOrTouch, { passive: true });
    return () => {
      clearTimeout(timer);
      container.removeEventListener("mouseover", onPointer);
      container.removeEventListener("mouseout", cancel);
      container.removeEventListener("focusin", onFocusOrTouch);
      container.removeEventListener("focusout", cancel);
      container.removeEventListener("touchstart", onFocusOrTouch);
    };
  }, [containerRef]);
  return page ? <PrefetchPageLinks page={page} /> : null;
}
