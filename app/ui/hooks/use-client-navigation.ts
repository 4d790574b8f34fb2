import { useNavigate } from "@remix-run/react";
import { type RefObject, useEffect } from "react";

/**
 * Client-side navigation for every plain `<a href>` inside `ref`, through one listener: what Remix's
 * `<Link>` does for a left click on a same-site link (no modifier key, no other target), for lists
 * of links too long to render as one `<Link>` each. A `<Link>` costs a dozen hooks per render and
 * the category trees hold dozens of them; their markup is the same plain anchor either way, so
 * without JavaScript nothing changes. Links that should prefetch stay `<Link>`s. The listener sits on
 * the container, so it runs before React's own handlers: put no `<Link>` or `onClick` link inside one.
 */
export function useClientNavigation(ref: RefObject<HTMLElement>) {
  const navigate = useNavigate();
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = (event.target as Element | null)?.closest?.("a[href]");
      if (!(anchor instanceof HTMLAnchorElement) || !container.contains(anchor)) return;
      if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const to = url.pathname + url.search + url.hash;
      const here = window.location.pathname + window.location.search + window.location.hash;
      // Like <Link>: a link to the page already shown replaces its history entry instead of stacking one.
      navigate(to, { replace: to === here, preventScrollReset: anchor.hasAttribute("data-prevent-scroll-reset") });
    };
    container.addEventListener("click", onClick);
    return () => container.removeEventListener("click", onClick);
  }, [ref, navigate]);
}
