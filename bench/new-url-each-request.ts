let counter = 0;

/**
 * autocannon options whose every request asks for `path` with a query parameter never sent before
 * (`render=N`, which no page reads): the render memo never holds such a page, so each response is
 * rendered anew, what the first shopper with a given cart and page costs.
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
