import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";

export const meta: MetaFunction = () => [
  { title: "OpenBox Lebanon | Open-box, damaged-box and no-box deals" },
  {
    name: "description",
    content: "Inspected open-box, damaged-box and no-box goods at lower prices, delivered across Lebanon.",
  },
];

export default function Home() {
  return (
    <section className="rounded-card bg-white p-6 shadow-card md:p-10">
      <h1 className="text-2xl font-bold tracking-tight md:text-3xl">About US: </h1>
      <p className="mt-4 max-w-2xl leading-relaxed text-slate-700">
        We sell open-box, damaged-box and no-box goods from trusted brands. Every item is inspected before it is
        listed, and because the packaging is not counted in the price, you pay less for the same product.
      </p>
      <Link to="/shop" className="mt-6 inline-flex min-h-11 items-center rounded-md bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800">
        Shop Now
      </Link>
    </section>
  );
}
