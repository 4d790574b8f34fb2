import { flatRoutes } from "@remix-run/fs-routes";
import { layout, route, type RouteConfig, type RouteConfigEntry } from "@remix-run/route-config";
import { ARABIC_ROUTE_ID_PREFIX, SHOPPER_PAGE_FILES } from "./i18n/shopper-pages.ts";

// Remix's route config (future flag v3_routeConfig): today's file names in app/routes/, read by the
// same flat-routes convention, so the move to React Router 7 changes only the imports.
//
// Every page sits under a language layout whose module brings that language's compiled catalogue
// (decision 044): the English one over everything at `/`, the Arabic one at `/ar` over the shopper's
// pages, the same route modules mounted a second time with ids of their own.
const shopperPage = new Set<string>(SHOPPER_PAGE_FILES);

function inArabic(entry: RouteConfigEntry): RouteConfigEntry {
  return {
    ...entry,
    id: ARABIC_ROUTE_ID_PREFIX + (entry.id ?? entry.file.replace(/\.tsx?$/, "")),
    children: entry.children?.map(inArabic),
  };
}

export default flatRoutes().then((routes) => [
  layout("i18n/english-pages.tsx", routes),
  route(
    "ar",
    "i18n/arabic-pages.tsx",
    { id: "ar" },
    routes.filter((entry) => shopperPage.has(entry.file)).map(inArabic),
  ),
]) satisfies RouteConfig;
