let counter = 0;

/**
 * autocannon options whose every request asks for `path` with a query parameter never sent before
 * (`render=N`, which no page reads). Use them against a server started with CACHE_MEMORY_MB=0, so that
 * each response is rendered anew, what the first shopper with a given cart and page costs. Both are
 * needed: this checkout drops every query parameter a catalogue page does not read before the caches
 * see the URL (decision 047), so `render=N` alone would hit the render memo; CACHE_MEMORY_MB=0 turns
 * the page cache and the render memo off. An older checkout measured with BENCH_APP_DIR knows neither
 * the rule nor the setting (it ignores CACHE_MEMORY_MB), but still renders a URL it has never seen, so
 * there the new URL is what makes the render.
 */
export function newUrlEachRequest(path: string) {
  const separator = path.includes("?") ? "&" : "?";
  return {
    requests: [
      {
        setupRequest: <Request extends { path?: string }>(request: Request) => ({
          ...request,
          path: `${path}${separator}render=${++counter}`,
        }),
      },
    ],
  };
}
