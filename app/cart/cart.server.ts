import { inArray } from "drizzle-orm";
import { z } from "zod";
import { productImages, products } from "../../db/schema/index.ts";
import type { ShopCookies } from "~/platform/http/cookies.server.ts";
import type { Db } from "~/platform/db/db.server.ts";
import { imageSources } from "~/platform/files/images.server.ts";
import type { Storage } from "~/platform/files/storage.server.ts";
import type { ImageSources, StockBySize } from "~/catalogue/views.ts";
import type { CartAnswer } from "./cart-answers.ts";
import type { Locale } from "~/i18n/locale.ts";
import { shownTitle } from "~/catalogue/shown-text.ts";
import { stockBySizeOf, stockOfSize } from "~/catalogue/size-stock.server.ts";
import type { DeliveryQuote } from "~/settings/delivery.ts";
import { quoteOrderTotals } from "./order-totals.server.ts";
import { readDeliverySettings } from "~/settings/settings.server.ts";
import { checkDiscount } from "~/discounts/discounts.server.ts";
import { canonicalCode } from "~/discounts/discount-rule.ts";
import type { DiscountAnswer } from "~/discounts/discount-answers.ts";

export const MAX_CART_LINES = 50;
export const MAX_LINE_QUANTITY = 99;

/** A cart line as the cookie holds it: product id, size (null when the product has none), quantity. */
export type CartLine = { productId: number; size: string | null; quantity: number };

const cookieLine = z.tuple([
  z.number().int().positive(),
  z.string().max(8).nullable(),
  z.number().int().min(1).max(MAX_LINE_QUANTITY),
]);
/** What the shopper typed in 'Discount code' is kept (upper-case, re-checked on every render) up to this length. */
export const MAX_CODE_TYPED = 40;

const cookieLines = z.array(cookieLine).max(MAX_CART_LINES);
/** The lines alone (a cart without a discount code, as every cart was before codes), or the lines and the code typed. */
const cookieCart = z.union([
  cookieLines,
  z.object({ lines: cookieLines, code: z.string().max(MAX_CODE_TYPED).nullable() }),
]);

/** The cart cookie: its lines and the discount code the shopper applied (null when none). */
export type CartCookie = { lines: CartLine[]; code: string | null };

/** Reads the signed cart cookie. Missing, tampered, corrupt or oversized data is an empty cart. */
export async function readCartCookie(request: Request, cookies: ShopCookies): Promise<CartCookie> {
  let raw: unknown;
  try {
    raw = await cookies.cart.parse(request.headers.get("Cookie"));
  } catch {
    return { lines: [], code: null };
  }
  const parsed = cookieCart.safeParse(raw);
  if (!parsed.success) return { lines: [], code: null };
  const [tuples, code] = Array.isArray(parsed.data) ? [parsed.data, null] : [parsed.data.lines, parsed.data.code];
  return { lines: tuples.map(([productId, size, quantity]) => ({ productId, size, quantity })), code: code || null };
}

export async function readCart(request: Request, cookies: ShopCookies): Promise<CartLine[]> {
  return (await readCartCookie(request, cookies)).lines;
}

/** The cookie's value: a cart without a code keeps the plain list of lines. */
export async function serializeCart(
  lines: CartLine[],
  cookies: ShopCookies,
  code: string | null = null,
): Promise<string> {
  const tuples = lines.map((line) => [line.productId, line.size, line.quantity]);
  return cookies.cart.serialize(code ? { lines: tuples, code: canonicalCode(code).slice(0, MAX_CODE_TYPED) } : tuples);
}

type OrderableFacts = { stock: number; sizes: string[]; isHidden: boolean; stockBySize: StockBySize | null };

/** A product with sizes is bought in one of them; a product without sizes takes none. */
export function offersSize(sizes: string[], size: string | null) {
  return sizes.length === 0 ? size === null : size !== null && sizes.includes(size);
}

/** What a line of this product in this size can take: its size's stock when the product keeps stock per size. */
function lineStock(product: OrderableFacts, size: string | null) {
  return stockOfSize(product, product.stockBySize, size);
}

/**
 * The one rule for what can be bought: a visible product that still offers the line's size, in
 * stock (in that size, when it keeps stock per size). The cart view, the header badge, the cart
 * action and `placeOrder` all apply it.
 */
function isOrderable(product: OrderableFacts | undefined, size: string | null) {
  if (!product || product.isHidden || product.stock <= 0) return false;
  return offersSize(product.sizes, size) && lineStock(product, size) > 0;
}

/** The columns a cart line needs of its products, by id, with the stock per size of those that keep it. */
function productsOf(db: Db, ids: number[]) {
  const rows = ids.length
    ? db
        .select({
          id: products.id,
          title: products.title,
          titleAr: products.titleAr,
          priceCents: products.priceCents,
          stock: products.stock,
          sizes: products.sizes,
          isHidden: products.isHidden,
        })
        .from(products)
        .where(inArray(products.id, ids))
        .all()
    : [];
  const stock = stockBySizeOf(db, rows);
  return new Map(rows.map((row) => [row.id, { ...row, stockBySize: stock.get(row.id) ?? null }]));
}

/** The header badge: how many items the cart holds that can still be bought, like the cart's totals. */
export function orderableQuantity(db: Db, lines: CartLine[]): number {
  if (lines.length === 0) return 0;
  const byId = productsOf(db, [...new Set(lines.map((line) => line.productId))]);
  return lines.reduce((sum, line) => sum + (isOrderable(byId.get(line.productId), line.size) ? line.quantity : 0), 0);
}

/** A cart change's answer: a refusal's reason, or on an add the success to tell (codes in cart-answers.ts). */
export type CartCheck = { ok: true; answer: CartAnswer } | { ok: false; answer: CartAnswer };

/**
 * An add needs a size when the product has sizes, and 1 up to the stock not already in the cart.
 * The success names the product as the page in `locale` shows it (its Arabic title on /ar).
 */
export function checkAddToCart(db: Db, lines: CartLine[], wanted: CartLine, locale: Locale = "en"): CartCheck {
  const product = productsOf(db, [wanted.productId]).get(wanted.productId);
  if (!product || product.isHidden) return { ok: false, answer: { code: "cart.not-found" } };
  if (!offersSize(product.sizes, wanted.size)) {
    return { ok: false, answer: { code: product.sizes.length > 0 ? "cart.choose-size" : "cart.no-sizes" } };
  }
  const available = lineStock(product, wanted.size) - quantityInCart(lines, wanted.productId, wanted.size);
  if (available <= 0) return { ok: false, answer: { code: "cart.out-of-stock" } };
  if (wanted.quantity < 1) return { ok: false, answer: { code: "cart.at-least-one" } };
  if (wanted.quantity > available) return { ok: false, answer: { code: "cart.stock", left: available } };
  return { ok: true, answer: { code: "cart.added", title: shownTitle(product, locale) } };
}

/**
 * A line's new quantity against the stock now (of its size, when the product keeps stock per size).
 * Above it, the change is refused with the reason and the quantity the line can keep (the stock, at
 * least 1: a line that cannot be bought shows as such).
 */
export function checkCartQuantity(
  db: Db,
  productId: number,
  quantity: number,
  size: string | null = null,
): { ok: true } | { ok: false; answer: CartAnswer; quantity: number } {
  const product = productsOf(db, [productId]).get(productId);
  const stock = product && !product.isHidden ? Math.max(lineStock(product, size), 0) : 0;
  if (quantity <= stock) return { ok: true };
  const answer: CartAnswer =
    !product || product.isHidden
      ? { code: "cart.gone" }
      : stock === 0
        ? { code: "cart.out-of-stock" }
        : { code: "cart.stock", left: stock };
  return { ok: false, answer, quantity: Math.max(stock, 1) };
}

/** How many of this product in this size the cart holds. */
export function quantityInCart(lines: CartLine[], productId: number, size: string | null): number {
  return lines.find((line) => line.productId === productId && line.size === size)?.quantity ?? 0;
}

/** Same product and size raises the quantity; another size is a new line. */
export function addToCart(lines: CartLine[], added: CartLine): CartLine[] {
  const existing = lines.find((line) => line.productId === added.productId && line.size === added.size);
  if (existing)
    return lines.map((line) =>
      line === existing ? { ...line, quantity: Math.min(line.quantity + added.quantity, MAX_LINE_QUANTITY) } : line,
    );
  return [...lines, added].slice(-MAX_CART_LINES);
}

/** Sets a line's quantity; below 1 is ignored. */
export function setCartQuantity(
  lines: CartLine[],
  productId: number,
  size: string | null,
  quantity: number,
): CartLine[] {
  if (!Number.isInteger(quantity) || quantity < 1) return lines;
  return lines.map((line) =>
    line.productId === productId && line.size === size
      ? { ...line, quantity: Math.min(quantity, MAX_LINE_QUANTITY) }
      : line,
  );
}

export function removeFromCart(lines: CartLine[], productId: number, size: string | null): CartLine[] {
  return lines.filter((line) => !(line.productId === productId && line.size === size));
}

export type CartViewLine = CartLine & {
  /** The product's title; null when the product is gone (the page says so, cart-messages.server.ts). */
  title: string | null;
  /** The owner's Arabic title, which Arabic pages show instead of the English one; null when none. */
  titleAr: string | null;
  unitPriceCents: number;
  image: ImageSources | null;
  /** Stock left right now: of the line's size when the product keeps stock per size, else the product's. */
  stock: number;
  /** False when the product was hidden, deleted, sold out or the size no longer exists: never charged. */
  available: boolean;
};

/** The cart's discount code as checked now: what it takes off, and why it does not apply (null when it does). */
export type CartDiscountCheck = { code: string; discountCents: number; refusal: DiscountAnswer | null };

export type CartView = {
  lines: CartViewLine[];
  subtotalCents: number;
  discount: CartDiscountCheck | null;
  delivery: DeliveryQuote;
  quantity: number;
};

/**
 * The cart as the shopper sees it: every title, price and image read from the database now, so
 * the cookie can never set a price. Lines that can no longer be bought stay visible but are not
 * counted in the totals. The delivery fee depends on the governorate, which only the checkout
 * asks: the view carries each governorate's fee for this subtotal.
 */
export function loadCartView(db: Db, storage: Storage, lines: CartLine[], code: string | null = null): CartView {
  const ids = [...new Set(lines.map((line) => line.productId))];
  const byId = productsOf(db, ids);
  const images = new Map<number, ImageSources>();
  if (ids.length) {
    const imageRows = db
      .select()
      .from(productImages)
      .where(inArray(productImages.productId, ids))
      .orderBy(productImages.position)
      .all();
    for (const image of imageRows)
      if (!images.has(image.productId)) images.set(image.productId, imageSources(storage, image));
  }
  const viewLines: CartViewLine[] = lines.map((line) => {
    const product = byId.get(line.productId);
    return {
      ...line,
      title: product?.title ?? null,
      titleAr: product?.titleAr ?? null,
      unitPriceCents: product?.priceCents ?? 0,
      image: images.get(line.productId) ?? null,
      stock: product ? lineStock(product, line.size) : 0,
      available: isOrderable(product, line.size),
    };
  });
  const counted = viewLines.filter((line) => line.available);
  const subtotalCents = counted.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  // The code is checked again on every render: it may have ended, been used up or switched off.
  const check = code ? checkDiscount(db, code, subtotalCents) : null;
  const totals = quoteOrderTotals(readDeliverySettings(db), subtotalCents, check?.ok ? check.terms : null);
  // Pages show no summary when nothing can be ordered.
  return {
    lines: viewLines,
    subtotalCents,
    discount: code
      ? { code, discountCents: totals.discountCents, refusal: check && !check.ok ? check.answer : null }
      : null,
    delivery: totals.delivery,
    quantity: counted.reduce((sum, line) => sum + line.quantity, 0),
  };
}
