/** `?page=` of an admin list: a whole number from 1; anything else is the first page. */
export function pageNumberParam(searchParams: URLSearchParams) {
  return Math.max(1, Number.parseInt(searchParams.get("page") ?? "1", 10) || 1);
}

/** How many pages `total` rows fill, at least one (an empty list is still page 1 of 1). */
export function pageCount(total: number, pageSize: number) {
  return Math.max(1, Math.ceil(total / pageSize));
}
