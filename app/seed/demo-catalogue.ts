import { GRADES, type Grade, type Packaging } from "~/catalogue/condition.ts";
import type { CategoryValue } from "~/catalogue/options.ts";

export type DemoProduct = {
  category: CategoryValue;
  title: string;
  /** Dollars, as the administrator would type them. */
  price: number;
  oldPrice: number | null;
  stock: number;
  sizes: string[];
  description: string;
  /** How many gallery images to generate. */
  images: number;
  packaging: Packaging;
  grade: Grade;
  conditionNotes: string;
  inTheBox: string[];
  /** The first image's caption, where the notes point at something to see. */
  firstImageCaption: string;
};

const PACKAGING_OF = { open: "open-box", damaged: "damaged-box", none: "no-box" } as const;

/** Where a mark would be on each kind of item, for believable notes. */
function partOf(category: CategoryValue) {
  if (category.includes("Shoes")) return "the left toe";
  if (category.includes("Clothes")) return "the inside label";
  if (category.includes("Bags")) return "the base";
  if (category === "Eyewear") return "one temple arm";
  return "the side panel";
}

/** Items whose notes say more than the grade: what is missing or different. */
const SPECIAL_NOTES: Record<string, { notes: string; inTheBox?: string[] }> = {
  "Beard Trimmer": {
    notes: "Missing the original charger; a generic one is included.",
    inTheBox: ["Beard trimmer", "Generic USB charger", "Two guide combs"],
  },
  "Cordless Drill Set": {
    notes: "One of the two batteries is missing; the included battery holds a full charge.",
    inTheBox: ["Drill", "One 18 V battery", "Charger", "30-piece bit set", "Carry case"],
  },
  "Noise-Cancelling Headset": {
    notes: "The carry pouch is missing.",
    inTheBox: ["Headset", "USB-C cable", "3.5 mm audio cable"],
  },
  "Robot Vacuum Cleaner": {
    notes: "Light scuffs on the bumper from a store demonstration.",
    inTheBox: ["Robot vacuum", "Charging dock", "Two side brushes", "Spare filter"],
  },
  "Espresso Machine": {
    notes: "Tested once with water by the returning customer; descaled since.",
    inTheBox: ["Espresso machine", "Portafilter", "Single and double baskets", "Tamper"],
  },
  "Stand Mixer 5 L": {
    notes: "The carton is torn on two corners; the mixer and its tools are untouched.",
    inTheBox: ["Mixer", "5 L bowl", "Dough hook", "Whisk", "Flat beater", "Splash guard"],
  },
  "Mechanical Keyboard": { notes: "Keycap puller missing.", inTheBox: ["Keyboard", "USB-C cable", "Spare switches"] },
  "Baby Monitor": { notes: "", inTheBox: ["Camera unit", "Parent screen", "Two power adapters", "Wall mount"] },
};

/** What comes in the box when nothing special is missing. */
function defaultInTheBox(category: CategoryValue, title: string, packaging: Packaging) {
  const item = title.replace(/ \d.*$/, "");
  if (/Clothes|Shoes|Bags|Accessories/.test(category)) return [item];
  if (category === "Eyewear") return [item, "Case", "Cleaning cloth"];
  if (category === "Tools") return [item, "Case", "User manual"];
  return packaging === "no-box" ? [item, "Power cable"] : [item, "Power cable", "User manual"];
}

function demoCondition(category: CategoryValue, title: string, boxKind: keyof typeof box, index: number) {
  const packaging = PACKAGING_OF[boxKind];
  // Spread the grades over the catalogue, so every packaging meets every grade.
  const grade = GRADES[(index * 2 + (boxKind === "none" ? 1 : 0)) % GRADES.length]!;
  const special = SPECIAL_NOTES[title];
  const gradeNote = {
    "like-new": packaging === "no-box" ? "Sent in protective wrapping instead of the retail box." : "",
    "very-good": `A faint scuff on ${partOf(category)}, visible only up close.`,
    good: `Visible scratches on ${partOf(category)}; works and wears as new.`,
  }[grade];
  const conditionNotes = special ? special.notes : gradeNote;
  return {
    packaging,
    grade,
    conditionNotes,
    inTheBox: special?.inTheBox ?? defaultInTheBox(category, title, packaging),
    firstImageCaption:
      grade === "like-new"
        ? ""
        : grade === "very-good"
          ? `Faint scuff on ${partOf(category)}`
          : `Scratches on ${partOf(category)}`,
  };
}

const CLOTHES = ["XS", "S", "M", "L", "XL", "XXL"];
const SHOES_W = ["36", "37", "38", "39", "40", "41"];
const SHOES_M = ["40", "41", "42", "43", "44", "45"];
const KIDS_SHOES = ["28", "29", "30", "31", "32", "33"];

const box = {
  open: "Open box: the packaging was opened for inspection; the item itself is new and complete.",
  damaged: "Damaged box: the carton is dented or torn in transit; the item inside was inspected and works perfectly.",
  none: "No box: sold without its original packaging, inspected and cleaned, with all its parts.",
};

/** [category, title, price, oldPrice, stock, sizes, box condition, detail, images] */
type Row = [CategoryValue, string, number, number | null, number, string[], keyof typeof box, string, number?];

const rows: Row[] = [
  [
    "Women's Clothes",
    "Linen Summer Dress",
    24.5,
    39,
    12,
    CLOTHES,
    "open",
    "Breathable linen blend, midi length, side pockets.",
    3,
  ],
  [
    "Women's Clothes",
    "Cropped Denim Jacket",
    29.99,
    45,
    4,
    CLOTHES.slice(0, 5),
    "none",
    "Light-wash cotton denim with a relaxed fit.",
  ],
  ["Women's Clothes", "Knit Cardigan", 18, null, 0, ["S", "M", "L"], "open", "Soft rib knit, mother-of-pearl buttons."],
  [
    "Women's Clothes",
    "Pleated Midi Skirt",
    21.75,
    32,
    9,
    ["XS", "S", "M", "L", "XL", "XXL", "XXXL"],
    "damaged",
    "Satin finish with an elastic waist.",
  ],
  [
    "Women's Shoes",
    "Leather Ankle Boots",
    49,
    79.99,
    6,
    SHOES_W,
    "damaged",
    "Full-grain leather upper, rubber sole, side zip.",
    2,
  ],
  [
    "Women's Shoes",
    "Canvas Sneakers",
    22,
    30,
    15,
    SHOES_W,
    "none",
    "Everyday canvas trainers with a cushioned insole.",
  ],
  [
    "Women's Shoes",
    "Block Heel Sandals",
    27.5,
    null,
    3,
    ["37", "38", "39"],
    "open",
    "Padded straps and a 5 cm block heel.",
  ],
  [
    "Women's Bags",
    "Leather Tote Bag",
    55,
    89,
    7,
    [],
    "open",
    "Roomy tote with an inner zip pocket and laptop sleeve.",
    2,
  ],
  ["Women's Bags", "Quilted Crossbody Bag", 32, 48, 2, [], "damaged", "Gold-tone chain strap, magnetic flap."],
  ["Women's Bags", "Canvas Beach Bag", 14.99, 20, 20, [], "none", "Sturdy striped canvas with rope handles."],
  ["Women's Accessories", "Silk Square Scarf", 12.5, 19, 11, [], "open", "Hand-rolled edges, 70 × 70 cm."],
  [
    "Women's Accessories",
    "Leather Belt",
    15,
    null,
    0,
    ["S", "M", "L"],
    "none",
    "Smooth leather with a brushed buckle.",
  ],
  [
    "Women's Accessories",
    "Stainless Steel Watch",
    64,
    99,
    5,
    [],
    "damaged",
    "Water resistant to 50 m, sapphire-coated glass.",
  ],
  ["Men's Clothes", "Oxford Cotton Shirt", 19.99, 29.99, 14, CLOTHES, "open", "Button-down collar, regular fit."],
  [
    "Men's Clothes",
    "Slim Chino Trousers",
    26,
    38,
    8,
    ["28", "30", "32", "34", "36", "38"],
    "none",
    "Stretch cotton twill, tapered leg.",
  ],
  [
    "Men's Clothes",
    "Merino Crew Sweater",
    34.5,
    55,
    1,
    ["M", "L", "XL"],
    "open",
    "Fine merino wool, warm without bulk.",
  ],
  [
    "Men's Clothes",
    "Hooded Rain Jacket",
    42,
    null,
    10,
    ["S", "M", "L", "XL", "XXL"],
    "damaged",
    "Waterproof shell with taped seams.",
    2,
  ],
  ["Men's Shoes", "Suede Desert Boots", 58, 85, 4, SHOES_M, "damaged", "Crepe sole, soft suede upper."],
  ["Men's Shoes", "Running Shoes", 45, 70, 13, SHOES_M, "open", "Lightweight mesh with responsive foam.", 2],
  [
    "Men's Shoes",
    "Leather Loafers",
    52.25,
    null,
    0,
    ["41", "42", "43"],
    "none",
    "Hand-stitched moccasin construction.",
  ],
  ["Men's Bags", "Laptop Backpack", 38, 59, 9, [], "open", 'Padded 15.6" compartment, water-repellent fabric.', 2],
  ["Men's Bags", "Leather Messenger Bag", 67, 110, 3, [], "damaged", "Adjustable strap, brass hardware."],
  ["Men's Bags", "Weekender Duffel", 44.5, 64, 6, [], "none", "Canvas and leather, fits cabin size limits."],
  [
    "Kids' Clothes",
    "Cotton Pyjama Set",
    11.5,
    16,
    18,
    ["XS", "S", "M"],
    "open",
    "Two-piece set in soft organic cotton.",
  ],
  [
    "Kids' Clothes",
    "Puffer Jacket",
    24,
    36,
    5,
    ["XS", "S", "M", "L"],
    "damaged",
    "Warm recycled fill, detachable hood.",
  ],
  ["Kids' Clothes", "Denim Overalls", 16.75, null, 0, ["XS", "S"], "none", "Adjustable straps and snap legs."],
  ["Kids' Shoes", "Light-Up Sneakers", 19, 28, 10, KIDS_SHOES, "open", "LED soles, hook-and-loop straps."],
  ["Kids' Shoes", "Rain Boots", 13.5, 18, 2, KIDS_SHOES.slice(0, 4), "damaged", "Natural rubber with pull-on handles."],
  ["Kids' Shoes", "School Shoes", 23, null, 7, KIDS_SHOES, "none", "Scuff-resistant leather, wide fit."],
  ["Eyewear", "Polarized Sunglasses", 21, 35, 16, [], "open", "UV400 polarized lenses with a case."],
  ["Eyewear", "Blue-Light Reading Glasses", 9.99, 15, 25, [], "none", "Lightweight frames, +1.5 strength."],
  ["Eyewear", "Aviator Sunglasses", 27, 42, 0, [], "damaged", "Metal frame with gradient lenses."],
  ["Tools", "Cordless Drill Set", 59, 89, 5, [], "damaged", "18 V, two batteries, 30-piece bit set.", 2],
  ["Tools", "Socket Wrench Set", 34, 50, 8, [], "open", "94 pieces in a blow-moulded case."],
  ["Tools", "Laser Distance Meter", 28.5, null, 3, [], "none", "Measures up to 40 m with ±2 mm accuracy."],
  ["Tools", "Precision Screwdriver Kit", 15.25, 22, 30, [], "open", "64 magnetic bits for electronics repair."],
  [
    "Home Appliances",
    "Robot Vacuum Cleaner",
    149,
    229,
    4,
    [],
    "open",
    "Lidar navigation, app control, 150 min run time.",
    3,
  ],
  ["Home Appliances", "Steam Iron", 26, 39, 12, [], "damaged", "2400 W with ceramic soleplate and anti-drip."],
  ["Home Appliances", "Tower Fan", 45, 69, 9, [], "none", "Quiet 3-speed tower fan with remote and timer."],
  ["Home Appliances", "Air Purifier", 89, 139, 0, [], "open", "HEPA H13 filter for rooms up to 40 m²."],
  ["Home Appliances", "Cordless Stick Vacuum", 119, 179, 2, [], "damaged", "Converts to handheld, 40 min battery.", 2],
  ["Home Appliances", "Dehumidifier 12 L", 99.5, null, 6, [], "open", "Auto shut-off and continuous drain."],
  ["Home Appliances", "Electric Heater", 35, 52, 11, [], "none", "Oil-filled radiator with thermostat."],
  [
    "Kitchen Appliances",
    "Stand Mixer 5 L",
    139,
    219,
    3,
    [],
    "damaged",
    "1000 W motor with dough hook, whisk and beater.",
    3,
  ],
  ["Kitchen Appliances", "Digital Air Fryer", 64.99, 95, 8, [], "open", "5.5 L basket, eight presets."],
  ["Kitchen Appliances", "Espresso Machine", 129, 199, 5, [], "open", "15 bar pump with a milk frother.", 2],
  ["Kitchen Appliances", "High-Speed Blender", 54, 80, 14, [], "none", "1.8 L jar, crushes ice in seconds."],
  ["Kitchen Appliances", "Electric Kettle", 19.5, 28, 0, [], "damaged", "1.7 L glass kettle with blue LED."],
  ["Kitchen Appliances", "Toaster 4-Slice", 29, null, 10, [], "open", "Wide slots, defrost and reheat."],
  ["Kitchen Appliances", "Food Processor", 74, 115, 1, [], "damaged", "Slicing and grating discs, 3 L bowl."],
  ["Women", "Hair Dryer Ionic", 34, 55, 9, [], "open", "2200 W with diffuser and cool shot.", 2],
  ["Women", "Ceramic Hair Straightener", 27.5, 40, 6, [], "damaged", "Adjustable heat up to 230 °C."],
  ["Women", "Facial Cleansing Brush", 22, 35, 4, [], "none", "Waterproof, three speeds, USB charging."],
  ["Women", "Perfume Gift Set", 39, 60, 0, [], "damaged", "Eau de parfum 50 ml with body lotion."],
  ["Women", "Electric Epilator", 31, null, 12, [], "open", "Wet and dry use with four attachments."],
  ["Men", "Beard Trimmer", 24.99, 38, 15, [], "open", "20 length settings, 90 min battery."],
  ["Men", "Electric Shaver", 59, 95, 3, [], "damaged", "Rotary heads, pop-up trimmer."],
  ["Men", "Grooming Kit", 18.5, 26, 8, [], "none", "Scissors, comb and nail care in a case."],
  ["Computer Accessories", "Mechanical Keyboard", 49, 75, 7, [], "open", "Hot-swappable switches, RGB backlight.", 2],
  ["Computer Accessories", "Wireless Mouse", 14, 22, 20, [], "none", "Silent clicks, two-year battery."],
  ["Computer Accessories", "USB-C Hub 7-in-1", 26, 39, 5, [], "damaged", "HDMI 4K, SD reader, 100 W pass-through."],
  ["Computer Accessories", '27" Monitor Stand', 21.5, null, 0, [], "open", "Bamboo riser with storage drawer."],
  ["Computer Accessories", "Noise-Cancelling Headset", 69, 109, 2, [], "damaged", "Bluetooth 5.3, 30 h playtime.", 2],
  ["Baby", "Baby Monitor", 59, 89, 6, [], "open", "Video monitor with night vision and two-way talk.", 2],
  ["Baby", "Bottle Warmer", 19, 29, 10, [], "damaged", "Warms milk evenly in four minutes."],
  ["Baby", "Baby Carrier", 35, 55, 3, [], "none", "Ergonomic, four carrying positions."],
  ["Baby", "Bath Tub with Stand", 27, null, 0, [], "open", "Foldable, with a temperature sensor plug."],
];

/**
 * oldPrice is the item's real usual price new where the card shows a discount; null where we know
 * none, so that card shows no struck-through price (no made-up reference price).
 */
export const DEMO_CATALOGUE: DemoProduct[] = rows.map(
  ([category, title, price, oldPrice, stock, sizes, condition, detail, images = 1], index) => ({
    category,
    title,
    price,
    oldPrice,
    stock,
    sizes,
    description: `${detail} ${box[condition]}`,
    images,
    ...demoCondition(category, title, condition, index),
  }),
);
