/**
 * The shop's address for absolute links (canonical, hreflang, Open Graph, the sitemap, the product
 * feed): PUBLIC_URL when set, so a link shared or crawled names the shop's public address whichever
 * host name or proxy a request came through; else the origin the request came to.
 */
export function siteOrigin(request: Request, publicUrl: string | undefined) {
  return publicUrl ?? new URL(request.url).origin;
}
