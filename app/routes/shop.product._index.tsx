import { data, type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { buttonClass } from "~/ui/button.tsx";

export const meta: MetaFunction = () => [
  { title: "No product ID provided. | OpenBox Lebanon" },
  { name: "description", content: "This address names no product. Browse the open-box catalogue instead." },
  { name: "robots", content: "noindex" },
];

/** `/shop/product` without an id: spec §2 "Product detail screen", 'No product ID provided.' */
export function loader() {
  throw data({ message: "No product ID provided." }, { status: 404 });
}

export default function NoProductId() {
  return null;
}

export function ErrorBoundary() {
  return (
    <section className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">No product ID provided.</h1>
      <Link to="/shop" className={buttonClass("primary", "md", "mt-6")}>
        Back to Shop
      </Link>
    </section>
  );
}
