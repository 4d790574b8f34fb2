import type { MetaDescriptor } from "@remix-run/node";

type Match = { id: string; data: unknown };

/** Search engines want the canonical address absolute; the root loader knows this site's origin. */
export function canonicalLink(matches: Match[], path: string): MetaDescriptor {
  const root = matches.find((match) => match.id === "root")?.data as { origin?: string } | undefined;
  return { tagName: "link", rel: "canonical", href: `${root?.origin ?? ""}${path}` };
}
