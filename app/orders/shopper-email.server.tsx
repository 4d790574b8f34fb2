import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { render } from "@react-email/render";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { CSSProperties } from "react";
import { formatMoney } from "~/utils/money.ts";
import { formatOrderTime } from "./order-desk.ts";
import type { ShopperMessage } from "./order-status.ts";
import { shopperEmailSubject } from "./order-notice-queue.server.ts";
import type { OrderWithItems } from "./order.server.ts";
import {
  type ReturnRequestMessage,
  returnRequestDue,
  returnRequestHeading,
  returnRequestWording,
} from "./return-request-email.server.ts";

/** What every shopper email says besides the order: who the shop is and where the order lives. */
export type ShopperEmailContext = { shopName: string; shopPhone: string; trackingUrl: string };

/** One line of the totals: subtotal, delivery, and later a 'Discount (CODE)' line with a negative amount. */
export type SummaryLine = { label: string; amountCents: number };

/** The totals above the amount to pay. A discount code adds its line here, between the two. */
export function summaryLines(order: OrderWithItems): SummaryLine[] {
  return [
    { label: "Subtotal", amountCents: order.subtotalCents },
    ...(order.couponCode ? [{ label: `Discount (${order.couponCode})`, amountCents: -order.discountCents }] : []),
    { label: "Delivery", amountCents: order.deliveryFeeCents },
  ];
}

type Wording = { heading: string; intro: (order: OrderWithItems, shop: ShopperEmailContext) => string; due: string };

/**
 * A return after delivery's email, in English until orders keep their language: the order's
 * language goes where "en" is written here (return-request-email.server.ts has the Arabic by key).
 */
const returnRequestEmail = (message: ReturnRequestMessage): Wording => ({
  heading: returnRequestHeading(message, "en"),
  intro: (order, shop) => returnRequestWording(message, order, shop, "en").intro,
  due: returnRequestDue("en"),
});

/** What each step tells the shopper, and what the bottom line of the totals is called. */
const WORDING: Record<ShopperMessage, Wording> = {
  placed: {
    heading: "Thank you, we received your order",
    intro: (order) =>
      `We will call or message you on ${order.phone} to confirm it before we ship. You pay in cash when it arrives.`,
    due: "To pay on delivery",
  },
  confirmed: {
    heading: "Your order is confirmed",
    intro: () => "Thank you for confirming. We are preparing your order and will tell you when it ships.",
    due: "To pay on delivery",
  },
  shipped: {
    heading: "Your order is on its way",
    intro: (order) =>
      `The courier is bringing your order. Please have ${formatMoney(order.totalCents)} ready in cash when it arrives.`,
    due: "To pay the courier",
  },
  delivered: {
    heading: "Your order was delivered",
    intro: () => "Thank you for shopping with us. We hope you enjoy it.",
    due: "Paid on delivery",
  },
  canceled: {
    heading: "Your order was canceled",
    intro: (_order, shop) => `You have nothing to pay. If this is a mistake, call us on ${shop.shopPhone}.`,
    due: "Nothing to pay (order total)",
  },
  returned: {
    heading: "Your order came back to us",
    intro: (_order, shop) =>
      `The parcel was returned to the shop. If you still want it, call us on ${shop.shopPhone} and we will send it again.`,
    due: "Nothing to pay (order total)",
  },
  "return-requested": returnRequestEmail("return-requested"),
  "return-approved": returnRequestEmail("return-approved"),
  "return-refused": returnRequestEmail("return-refused"),
  "return-received": returnRequestEmail("return-received"),
};

const font = "Arial, Helvetica, sans-serif";
const styles = {
  body: { backgroundColor: "#f1f5f9", margin: 0, padding: "16px 0", fontFamily: font, color: "#0f172a" },
  container: { maxWidth: "560px", width: "100%", backgroundColor: "#ffffff", padding: "20px 16px" },
  shop: { fontSize: "14px", fontWeight: 700, color: "#334155", margin: "0 0 12px" },
  heading: { fontSize: "22px", lineHeight: "28px", margin: "0 0 12px", color: "#0f172a" },
  text: { fontSize: "16px", lineHeight: "24px", margin: "0 0 12px" },
  small: { fontSize: "14px", lineHeight: "20px", margin: "0 0 4px", color: "#334155" },
  table: { width: "100%", borderCollapse: "collapse" },
  cell: { fontSize: "15px", lineHeight: "22px", padding: "6px 0", verticalAlign: "top" },
  amount: { fontSize: "15px", lineHeight: "22px", padding: "6px 0 6px 12px", textAlign: "right", whiteSpace: "nowrap" },
  total: { fontSize: "18px", fontWeight: 700, padding: "10px 0 6px", borderTop: "2px solid #0f172a" },
  button: {
    display: "inline-block",
    backgroundColor: "#1d4ed8",
    color: "#ffffff",
    fontSize: "16px",
    fontWeight: 700,
    textDecoration: "none",
    padding: "12px 20px",
    borderRadius: "6px",
  },
  hr: { borderColor: "#e2e8f0", margin: "16px 0" },
} satisfies Record<string, CSSProperties>;

function ShopperEmail({
  message,
  order,
  shop,
}: {
  message: ShopperMessage;
  order: OrderWithItems;
  shop: ShopperEmailContext;
}) {
  const wording = WORDING[message];
  const address = [order.street, order.building, order.address, order.city, order.governorate].filter(Boolean);
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{`${shopperEmailSubject(message, order.orderNumber)}: ${formatMoney(order.totalCents)}`}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.shop}>{shop.shopName}</Text>
          <Heading as="h1" style={styles.heading}>
            {wording.heading}
          </Heading>
          <Text style={styles.text}>
            Hello <span dir="auto">{order.customerName}</span>,
          </Text>
          <Text style={styles.text}>{wording.intro(order, shop)}</Text>
          <Text style={styles.small}>
            <strong>Order #{order.orderNumber}</strong>, placed {formatOrderTime(order.createdAt.toISOString())}
          </Text>
          <Section style={{ margin: "12px 0" }}>
            <table
              role="presentation"
              style={styles.table}
              cellPadding={0}
              cellSpacing={0}
              data-text-format="dataTable"
            >
              <tbody>
                {order.items.map((item) => (
                  <tr key={item.id}>
                    <td style={styles.cell} dir="auto">
                      {`${item.quantity} × ${item.title}${item.size ? ` (size ${item.size})` : ""}`}
                    </td>
                    <td style={styles.amount}>{formatMoney(item.unitPriceCents * item.quantity)}</td>
                  </tr>
                ))}
                {summaryLines(order).map((line) => (
                  <tr key={line.label}>
                    <td style={{ ...styles.cell, color: "#334155" }}>{line.label}</td>
                    <td style={{ ...styles.amount, color: "#334155" }}>
                      {line.amountCents < 0 ? `−${formatMoney(-line.amountCents)}` : formatMoney(line.amountCents)}
                    </td>
                  </tr>
                ))}
                <tr>
                  <td style={styles.total}>{wording.due}</td>
                  <td style={{ ...styles.total, textAlign: "right", whiteSpace: "nowrap" }}>
                    {formatMoney(order.totalCents)}
                  </td>
                </tr>
              </tbody>
            </table>
          </Section>
          <Section style={{ margin: "8px 0 16px" }}>
            <Link href={shop.trackingUrl} style={styles.button}>
              See your order
            </Link>
          </Section>
          <Text style={styles.small}>
            <strong>Delivery to</strong>
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
            {shop.shopPhone ? `, ${shop.shopPhone}` : ""}
          </Text>
          <Text style={{ ...styles.small, color: "#64748b" }}>
            You receive this email because you placed order #{order.orderNumber} with us.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/**
 * One shopper email, its HTML and plain-text parts both from the one template above (the text
 * part is the HTML's text, links written out). Rendered when sent, by the worker, never inside
 * the change's transaction.
 */
export async function renderShopperEmail(message: ShopperMessage, order: OrderWithItems, shop: ShopperEmailContext) {
  const element = <ShopperEmail message={message} order={order} shop={shop} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: shopperEmailSubject(message, order.orderNumber), html, text };
}
