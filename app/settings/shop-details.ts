/** The shop's phone until the owner sets one (the footer, product pages, tracking). */
export const SHOP_PHONE = "+961 70 123 456";
/** `telHref(SHOP_PHONE)`, written out so the browser needs no phone rule for it (checked by a unit test). */
export const SHOP_PHONE_HREF = "tel:+96170123456";

/**
 * What the owner says about the shop (settings, "Shop details"), read by the footer, product pages
 * and the tracking page. Browser-safe and free of zod: every shopper page renders the footer; the
 * form's schema is in settings-schema.ts.
 */
export type ShopDetails = {
  contactPhone: string;
  whatsappNumber: string;
  socialLinks: { facebook: string; whatsappGroup: string; instagram: string; tiktok: string };
  returnsPolicy: string;
};

/** Today's footer, so nothing changes until the owner edits it. */
export const DEFAULT_SHOP_DETAILS: ShopDetails = {
  contactPhone: SHOP_PHONE,
  whatsappNumber: "",
  socialLinks: {
    facebook: "https://www.facebook.com/openboxlebanon",
    whatsappGroup: "https://chat.whatsapp.com/openboxlebanon",
    instagram: "https://www.instagram.com/openboxlebanon",
    tiktok: "https://www.tiktok.com/@openboxlebanon",
  },
  returnsPolicy: "",
};

/**
 * The details as pages render them: with the tel: and WhatsApp links made on the server
 * (`shopDetailsForPages`), so the phone rule (app/utils/phone.ts) stays out of every page's JavaScript.
 */
export type PageShopDetails = ShopDetails & { contactHref: string; whatsappHref: string | null };

/** The defaults as a page renders them (an error screen has no root data). */
export const DEFAULT_PAGE_SHOP_DETAILS: PageShopDetails = {
  ...DEFAULT_SHOP_DETAILS,
  contactHref: SHOP_PHONE_HREF,
  whatsappHref: null,
};
