import { flatRoutes } from "@remix-run/fs-routes";
import { route, type RouteConfig, type RouteConfigEntry } from "@remix-run/route-config";
import { ARABIC_ROUTE_ID_PREFIX, SHOPPER_PAGE_FILES } from "./i18n/shopper-pages.ts";

// Remix's route config (future flag v3_routeConfig): today's file names in app/routes/, read by the
// same flat-routes convention, so the move to React Router 7 changes only the imports.
//
// The shopper's pages are mounted a second time at `/ar` (decision 044), with ids of their own, under
// the Arabic layout, whose module brings the compiled Arabic catalogue: the router preloads it with
// an Arabic page, and no English page downloads it (English is the code's own text).
const shopperPage = new Set<string>(SHOPPER_PAGE_FILES);

function inArabic(entry: RouteConfigEntry): RouteConfigEntry {
  return {
    ...entry,
    id: ARABIC_ROUTE_ID_PREFIX + (entry.id ?? entry.file.replace(/\.tsx?$/, "")),
    children: entry.children?.map(inArabic),
  };
}

export default flatRoutes().then((routes) => [
  ...routes,
  route(
    "ar",
    "shell/arabic-pages.tsx",
    { id: "ar" },
    routes.filter((entry) => shopperPage.has(entry.file)).map(inArabic),
  ),
]) satisfies RouteConfig;
