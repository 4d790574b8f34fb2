import type { CategoryValue } from "./options.ts";

export type CategoryNode = {
  name: string;
  label?: string;
  code: string;
  children?: CategoryNode[];
};

type Leaf = CategoryNode & { name: CategoryValue };

/** Every value of the category list (options.ts) sits under a parent, so the Shop menu is a real tree. */
export const CATEGORY_TREE: CategoryNode[] = [
  {
    name: "Fashion",
    code: "FAS",
    children: [
      {
        name: "Women's Fashion",
        code: "WFA",
        children: [
          { name: "Women's Clothes", code: "WCL" },
          { name: "Women's Shoes", code: "WSH" },
          { name: "Women's Bags", code: "WBG" },
          { name: "Women's Accessories", code: "WAC" },
        ] satisfies Leaf[],
      },
      {
        name: "Men's Fashion",
        code: "MFA",
        children: [
          { name: "Men's Clothes", code: "MCL" },
          { name: "Men's Shoes", code: "MSH" },
          { name: "Men's Bags", code: "MBG" },
        ] satisfies Leaf[],
      },
      { name: "Eyewear", code: "EYE" } satisfies Leaf,
    ],
  },
  {
    name: "Home",
    code: "HOM",
    children: [
      { name: "Home Appliances", code: "HAP" },
      { name: "Kitchen Appliances", code: "KAP" },
      { name: "Tools", code: "TLS" },
    ] satisfies Leaf[],
  },
  {
    name: "Beauty Care",
    code: "BTY",
    children: [
      { name: "Women", label: "Beauty Care Women", code: "BCW" },
      { name: "Men", label: "Beauty Care Men", code: "BCM" },
    ] satisfies Leaf[],
  },
  {
    name: "Kids",
    code: "KID",
    children: [
      { name: "Kids' Clothes", code: "KCL" },
      { name: "Kids' Shoes", code: "KSH" },
      { name: "Baby", code: "BAB" },
    ] satisfies Leaf[],
  },
  {
    name: "Electronics",
    code: "ELC",
    children: [{ name: "Computer Accessories", code: "CAC" }] satisfies Leaf[],
  },
];

export function slugify(text: string) {
  return text
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
