import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Html } from "@react-email/html";
import { Preview } from "@react-email/preview";
import { render } from "@react-email/render";
import type { CSSProperties, ReactElement, ReactNode } from "react";
import type { ShopperLanguage } from "~/i18n/shopper-language.ts";

const font = "Arial, Helvetica, sans-serif";

/**
 * The look every email to a shopper shares. `emailStyles(language)` turns the sides for a
 * right-to-left language: amounts stand at the line's end, which is the left in Arabic.
 */
export function emailStyles(language: Pick<ShopperLanguage, "dir">) {
  const end = language.dir === "rtl" ? "left" : "right";
  return {
    body: { backgroundColor: "#f1f5f9", margin: 0, padding: "16px 0", fontFamily: font, color: "#0f172a" },
    container: { maxWidth: "560px", width: "100%", backgroundColor: "#ffffff", padding: "20px 16px" },
    shop: { fontSize: "14px", fontWeight: 700, color: "#334155", margin: "0 0 12px" },
    heading: { fontSize: "22px", lineHeight: "28px", margin: "0 0 12px", color: "#0f172a" },
    text: { fontSize: "16px", lineHeight: "24px", margin: "0 0 12px" },
    small: { fontSize: "14px", lineHeight: "20px", margin: "0 0 4px", color: "#334155" },
    table: { width: "100%", borderCollapse: "collapse" },
    cell: { fontSize: "15px", lineHeight: "22px", padding: "6px 0", verticalAlign: "top" },
    amount: {
      fontSize: "15px",
      lineHeight: "22px",
      padding: end === "right" ? "6px 0 6px 12px" : "6px 12px 6px 0",
      textAlign: end,
      whiteSpace: "nowrap",
    },
    total: { fontSize: "18px", fontWeight: 700, padding: "10px 0 6px", borderTop: "2px solid #0f172a" },
    totalAmount: { textAlign: end, whiteSpace: "nowrap" },
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
}

/**
 * An email to a shopper in `language`: `<html lang dir>` of that language, the preview line, the
 * shop's page and card. Each email writes its own content inside, with `language.say` and
 * `emailStyles(language)`.
 */
export function ShopEmail({
  language,
  preview,
  children,
}: {
  language: ShopperLanguage;
  preview: string;
  children: ReactNode;
}) {
  const styles = emailStyles(language);
  return (
    <Html lang={language.locale} dir={language.dir}>
      <Head>
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>{children}</Container>
      </Body>
    </Html>
  );
}

/**
 * An email's HTML and plain-text parts, both from the one element (the text part is the HTML's
 * text, links written out). Rendered when sent, by the outbox's worker, never inside a transaction.
 */
export async function renderEmail(element: ReactElement) {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
