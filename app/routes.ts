import { flatRoutes } from "@remix-run/fs-routes";
import type { RouteConfig } from "@remix-run/route-config";

// Remix's route config (future flag v3_routeConfig): today's file names in app/routes/, read by the
// same flat-routes convention, so the move to React Router 7 changes only the imports.
export default flatRoutes() satisfies RouteConfig;
