import type { MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [
  { title: "Page not found | OpenBox Lebanon" },
  {
    name: "description",
    content: "We could not find the page you were looking for. Browse the open-box catalogue instead.",
  },
  { name: "robots", content: "noindex" },
];

/** Any unknown URL: respond 404 and let the root error boundary render the page inside the layout. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
