/** The shop's fixed option lists, shared by forms, validation and the seed. */

export const SIZES = [
  "XS",
  "S",
  "M",
  "L",
  "XL",
  "XXL",
  "XXXL",
  ...Array.from({ length: 18 }, (_, i) => String(28 + i)),
] as const;

/** value → label; the value is what a product's Category holds. */
export const CATEGORY_OPTIONS = [
  { value: "Women's Clothes", label: "Women's Clothes" },
  { value: "Women's Shoes", label: "Women's Shoes" },
  { value: "Women's Bags", label: "Women's Bags" },
  { value: "Women's Accessories", label: "Women's Accessories" },
  { value: "Men's Clothes", label: "Men's Clothes" },
  { value: "Men's Shoes", label: "Men's Shoes" },
  { value: "Men's Bags", label: "Men's Bags" },
  { value: "Kids' Clothes", label: "Kids' Clothes" },
  { value: "Kids' Shoes", label: "Kids' Shoes" },
  { value: "Eyewear", label: "Eyewear" },
  { value: "Tools", label: "Tools" },
  { value: "Home Appliances", label: "Home Appliances" },
  { value: "Kitchen Appliances", label: "Kitchen Appliances" },
  { value: "Women", label: "Beauty Care Women" },
  { value: "Men", label: "Beauty Care Men" },
  { value: "Computer Accessories", label: "Computer Accessories" },
  { value: "Baby", label: "Baby" },
] as const;

export type CategoryValue = (typeof CATEGORY_OPTIONS)[number]["value"];

export const PAGE_SIZE = 10;

/** How many products a listing shows at most, however many times Show More is followed. */
export const MAX_SHOWN = 500;
export const SUGGESTION_LIMIT = 5;
export const MIN_SEARCH_LENGTH = 3;
export const LOW_STOCK_THRESHOLD = 5;
export const CARD_SIZE_CHIPS = 4;
export const CAROUSEL_MAX_PRODUCTS = 5;
/** The 29 brand logos (public/brands/brand1.svg …), in this order; each logo's name is its alt text. */
export const BRAND_NAMES = [
  "Nordhaus",
  "Kitchara",
  "Voltix",
  "Lumeo",
  "Bravia Home",
  "Cedar & Co",
  "Orbita",
  "Pulse",
  "Maison L",
  "Techno",
  "Aurel",
  "Kidora",
  "Stridex",
  "Glowé",
  "Fernhill",
  "Baytide",
  "Zenware",
  "Solano",
  "Quartz",
  "Milano",
  "Harbor",
  "Nimbus",
  "Vanta",
  "Rivo",
  "Atlas Tools",
  "Petalia",
  "Oakline",
  "Sprout",
  "Helix",
] as const;
export const BRAND_LOGO_COUNT = BRAND_NAMES.length;
export const SHOP_NAME = "OpenBox Lebanon";
