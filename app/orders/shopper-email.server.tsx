import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { ENGLISH, type ShopperLanguage } from "~/i18n/shopper-language.ts";
import { emailStyles, renderEmail, ShopEmail } from "~/platform/notices/shop-email.server.tsx";
import type { ShopperMessage } from "./order-status.ts";
import type { OrderWithItems } from "./order.server.ts";
import { SHOPPER_EMAIL_WORDS as WORDS, type ShopperEmailWords } from "./shopper-email-answers.ts";

/** What every shopper email says besides the order: who the shop is and where the order lives. */
export type ShopperEmailContext = { shopName: string; shopPhone: string; trackingUrl: string };

/** One line of the totals: subtotal, delivery, and later a 'Discount (CODE)' line with a negative amount. */
export type SummaryLine = { label: string; amountCents: number };

/** The totals above the amount to pay. A discount code adds its line here, between the two. */
export function summaryLines(order: OrderWithItems, language: ShopperLanguage = ENGLISH): SummaryLine[] {
  return [
    { label: language.say(WORDS, { code: "shopper-email.subtotal" }), amountCents: order.subtotalCents },
    ...(order.couponCode
      ? [
          {
            label: language.say(WORDS, { code: "shopper-email.discount", coupon: language.ltr(order.couponCode) }),
            amountCents: -order.discountCents,
          },
        ]
      : []),
    { label: language.say(WORDS, { code: "shopper-email.delivery" }), amountCents: order.deliveryFeeCents },
  ];
}

/** The subject of each step's email, in the order's language; English is the product's fixed wording. */
export function shopperEmailSubjectIn(language: ShopperLanguage, message: ShopperMessage, orderNumber: number) {
  return language.say(WORDS, { code: `shopper-email.subject-${message}`, number: orderNumber });
}

type Wording = {
  heading: ShopperEmailWords;
  intro: (order: OrderWithItems, shop: ShopperEmailContext, language: ShopperLanguage) => ShopperEmailWords;
  due: ShopperEmailWords;
};

/** The units a return after delivery names, as one line in the email's language: "1 × Kettle, 2 × Mug (M)". */
function returnUnits(order: OrderWithItems, language: ShopperLanguage) {
  return (order.returnRequest?.items ?? [])
    .map((item) => `${item.quantity} × ${language.titleOf(item)}${item.size ? ` (${language.ltr(item.size)})` : ""}`)
    .join(language.locale === "ar" ? "، " : ", ");
}

/** What each step tells the shopper, and what the bottom line of the totals is called. */
const WORDING: Record<ShopperMessage, Wording> = {
  placed: {
    heading: { code: "shopper-email.heading-placed" },
    intro: (order, _shop, language) => ({ code: "shopper-email.intro-placed", phone: language.ltr(order.phone) }),
    due: { code: "shopper-email.due-on-delivery" },
  },
  confirmed: {
    heading: { code: "shopper-email.heading-confirmed" },
    intro: () => ({ code: "shopper-email.intro-confirmed" }),
    due: { code: "shopper-email.due-on-delivery" },
  },
  shipped: {
    heading: { code: "shopper-email.heading-shipped" },
    intro: (order, _shop, language) => ({
      code: "shopper-email.intro-shipped",
      total: language.money(order.totalCents),
    }),
    due: { code: "shopper-email.due-courier" },
  },
  delivered: {
    heading: { code: "shopper-email.heading-delivered" },
    intro: () => ({ code: "shopper-email.intro-delivered" }),
    due: { code: "shopper-email.due-paid" },
  },
  canceled: {
    heading: { code: "shopper-email.heading-canceled" },
    intro: (_order, shop, language) => ({
      code: "shopper-email.intro-canceled",
      shopPhone: language.ltr(shop.shopPhone),
    }),
    due: { code: "shopper-email.due-nothing" },
  },
  returned: {
    heading: { code: "shopper-email.heading-returned" },
    intro: (_order, shop, language) => ({
      code: "shopper-email.intro-returned",
      shopPhone: language.ltr(shop.shopPhone),
    }),
    due: { code: "shopper-email.due-nothing" },
  },
  "return-requested": {
    heading: { code: "shopper-email.heading-return-requested" },
    intro: (order, _shop, language) => ({
      code: "shopper-email.intro-return-requested",
      units: returnUnits(order, language),
    }),
    due: { code: "shopper-email.due-return" },
  },
  "return-approved": {
    heading: { code: "shopper-email.heading-return-approved" },
    intro: (order, _shop, language) => ({
      code: "shopper-email.intro-return-approved",
      phone: language.ltr(order.phone),
      units: returnUnits(order, language),
    }),
    due: { code: "shopper-email.due-return" },
  },
  "return-refused": {
    heading: { code: "shopper-email.heading-return-refused" },
    intro: (order, shop, language) => ({
      code: "shopper-email.intro-return-refused",
      note: order.returnRequest?.refusalNote ?? "",
      shopPhone: language.ltr(shop.shopPhone),
    }),
    due: { code: "shopper-email.due-return" },
  },
  "return-received": {
    heading: { code: "shopper-email.heading-return-received" },
    intro: (order, _shop, language) => ({
      code: "shopper-email.intro-return-received",
      units: returnUnits(order, language),
      refund: language.money(order.returnRequest?.refundCents ?? 0),
    }),
    due: { code: "shopper-email.due-return" },
  },
};

function ShopperEmail({
  message,
  order,
  shop,
  language,
}: {
  message: ShopperMessage;
  order: OrderWithItems;
  shop: ShopperEmailContext;
  language: ShopperLanguage;
}) {
  const wording = WORDING[message];
  const styles = emailStyles(language);
  const say = (words: ShopperEmailWords) => language.say(WORDS, words);
  const address = [order.street, order.building, order.address, order.city, order.governorate].filter(Boolean);
  const number = String(order.orderNumber);
  const preview = say({
    code: "shopper-email.preview",
    subject: shopperEmailSubjectIn(language, message, order.orderNumber),
    total: language.money(order.totalCents),
  });
  return (
    <ShopEmail language={language} preview={preview}>
      <Text style={styles.shop}>{shop.shopName}</Text>
      <Heading as="h1" style={styles.heading}>
        {say(wording.heading)}
      </Heading>
      <Text style={styles.text}>
        {language.sayWith(
          WORDS,
          { code: "shopper-email.hello", name: order.customerName },
          { name: <span dir="auto">{order.customerName}</span> },
        )}
      </Text>
      <Text style={styles.text}>{say(wording.intro(order, shop, language))}</Text>
      <Text style={styles.small}>
        <strong>{language.sayWith(WORDS, { code: "shopper-email.order-number", number }, { number })}</strong>
        {language.sayWith(
          WORDS,
          { code: "shopper-email.placed-at", time: language.dateTime(order.createdAt) },
          { time: language.dateTime(order.createdAt) },
        )}
      </Text>
      <Section style={{ margin: "12px 0" }}>
        <table role="presentation" style={styles.table} cellPadding={0} cellSpacing={0} data-text-format="dataTable">
          <tbody>
            {order.items.map((item) => (
              <tr key={item.id}>
                {/* An Arabic line reads right to left whatever its title's first letter (the title is isolated). */}
                <td style={styles.cell} dir={language.locale === "en" ? "auto" : language.dir}>
                  {say(
                    item.size
                      ? {
                          code: "shopper-email.item-size",
                          quantity: item.quantity,
                          title: language.titleOf(item),
                          size: item.size,
                        }
                      : { code: "shopper-email.item", quantity: item.quantity, title: language.titleOf(item) },
                  )}
                </td>
                <td style={styles.amount}>{language.money(item.unitPriceCents * item.quantity)}</td>
              </tr>
            ))}
            {summaryLines(order, language).map((line) => (
              <tr key={line.label}>
                <td style={{ ...styles.cell, color: "#334155" }}>{line.label}</td>
                <td style={{ ...styles.amount, color: "#334155" }}>
                  {line.amountCents < 0
                    ? language.ltr(`−${language.money(-line.amountCents)}`.replace(/[\u2066\u2069]/g, ""))
                    : language.money(line.amountCents)}
                </td>
              </tr>
            ))}
            <tr>
              <td style={styles.total}>{say(wording.due)}</td>
              <td style={{ ...styles.total, ...styles.totalAmount }}>{language.money(order.totalCents)}</td>
            </tr>
          </tbody>
        </table>
      </Section>
      <Section style={{ margin: "8px 0 16px" }}>
        <Link href={shop.trackingUrl} style={styles.button}>
          {say({ code: "shopper-email.see-order" })}
        </Link>
      </Section>
      <Text style={styles.small}>
        <strong>{say({ code: "shopper-email.delivery-to" })}</strong>
      </Text>
      <Text style={styles.small} dir="auto">
        {order.customerName}
      </Text>
      <Text style={styles.small} dir="ltr">
        {order.phone}
      </Text>
      <Text style={styles.small} dir="auto">
        {address.join(", ")}
      </Text>
      <Hr style={styles.hr} />
      <Text style={styles.small}>
        {shop.shopName}
        {shop.shopPhone ? say({ code: "shopper-email.shop-phone", phone: language.ltr(shop.shopPhone) }) : ""}
      </Text>
      <Text style={{ ...styles.small, color: "#64748b" }}>
        {language.sayWith(WORDS, { code: "shopper-email.why", number }, { number })}
      </Text>
    </ShopEmail>
  );
}

/**
 * One shopper email in the order's language (its `language`: an Arabic order's is Arabic,
 * right to left, with the Arabic titles of its items), its HTML and plain-text parts both from the
 * one template above. Rendered when sent, by the worker, never inside the change's transaction.
 */
export async function renderShopperEmail(
  message: ShopperMessage,
  order: OrderWithItems,
  shop: ShopperEmailContext,
  language: ShopperLanguage = ENGLISH,
) {
  const { html, text } = await renderEmail(
    <ShopperEmail message={message} order={order} shop={shop} language={language} />,
  );
  return { subject: shopperEmailSubjectIn(language, message, order.orderNumber), html, text };
}
