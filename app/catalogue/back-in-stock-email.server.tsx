import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { answerIn } from "~/i18n/answers.ts";
import { i18nFor } from "~/i18n/i18n.server.ts";
import { type Locale, localePath } from "~/i18n/locale.ts";
import { shopperLanguage } from "~/i18n/shopper-language.server.ts";
import { emailStyles, renderEmail, ShopEmail } from "~/platform/notices/shop-email.server.tsx";
import { BACK_IN_STOCK_WORDS, type BackInStockWords } from "./stock-alert-answers.ts";
import { shownTitle } from "./shown-text.ts";

/** What a back-in-stock email is about, and in which language it is written (the request's page's). */
export type BackInStockEmailInput = {
  language: Locale;
  productId: number;
  title: string;
  titleAr: string | null;
  size: string | null;
};

/** The product's page in the email's language (`/ar/…` for Arabic), with the size chosen. */
export function backInStockLink(
  publicUrl: string,
  input: Pick<BackInStockEmailInput, "language" | "productId" | "size">,
) {
  const path = `/shop/product/${input.productId}${input.size ? `?size=${encodeURIComponent(input.size)}` : ""}`;
  return `${publicUrl.replace(/\/+$/, "")}${localePath(input.language, path)}`;
}

/**
 * The WhatsApp message the staff send a phone request when the stock is back, in its language,
 * with the product's link: the chat opens with it typed, the sender still presses send.
 */
export function backInStockWhatsApp(publicUrl: string, input: BackInStockEmailInput) {
  const link = backInStockLink(publicUrl, input);
  const title = shownTitle(input, input.language);
  // The link on its own line, outside the words: isolate marks around it would break WhatsApp's link.
  return `${answerIn(i18nFor(input.language), BACK_IN_STOCK_WORDS, { code: "back-in-stock.whatsapp", title })}\n${link}`;
}

/**
 * 'Back in stock: {title}', in the request's language (its words by id from the `answers`
 * catalogue, BACK_IN_STOCK_WORDS), HTML and text parts from one template. Rendered by the notice
 * worker when it sends, never inside the stock change's transaction.
 */
export async function renderBackInStockEmail(
  input: BackInStockEmailInput,
  shop: { shopName: string; publicUrl: string },
) {
  const i18n = i18nFor(input.language);
  const say = (words: BackInStockWords) => answerIn(i18n, BACK_IN_STOCK_WORDS, words);
  const title = shownTitle(input, input.language);
  const link = backInStockLink(shop.publicUrl, input);
  const heading = say({ code: "back-in-stock.heading", title });
  const language = shopperLanguage(input.language);
  const styles = emailStyles(language);
  const { html, text } = await renderEmail(
    <ShopEmail language={language} preview={heading}>
      <Text style={styles.shop}>{shop.shopName}</Text>
      <Heading as="h1" style={styles.heading}>
        {heading}
      </Heading>
      {input.size ? <Text style={styles.text}>{say({ code: "back-in-stock.size", size: input.size })}</Text> : null}
      <Text style={styles.text}>{say({ code: "back-in-stock.intro" })}</Text>
      <Section style={{ margin: "8px 0 16px" }}>
        <Link href={link} style={styles.button}>
          {say({ code: "back-in-stock.link" })}
        </Link>
      </Section>
      <Hr style={styles.hr} />
      <Text style={styles.small}>{say({ code: "back-in-stock.why" })}</Text>
    </ShopEmail>,
  );
  return { subject: say({ code: "back-in-stock.subject", title }), html, text, link };
}
