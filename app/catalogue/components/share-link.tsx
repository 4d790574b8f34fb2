import { Trans } from "@lingui/react/macro";
import type { MouseEvent } from "react";
import { buttonClass } from "~/ui/button.tsx";

/** What a shared product says in a chat: its title, its price and its page's address, one per line. */
export function shareText({ title, price, url }: { title: string; price: string; url: string }) {
  return `${title}\n${price}\n${url}`;
}

/**
 * 'Share' on the product page: a WhatsApp link carrying the title, the price and the address, which
 * works without JavaScript and where the browser has no share sheet; where it has one
 * (`navigator.share`, most phones), the click opens the sheet instead (WhatsApp, Instagram,
 * Messenger, copy). A shopper who closes the sheet stays on the page.
 */
export function ShareLink({ title, price, url }: { title: string; price: string; url: string }) {
  const text = shareText({ title, price, url });
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (typeof navigator.share !== "function") return;
    event.preventDefault();
    // The sheet adds the url after the text itself: the text here is the title and the price.
    navigator.share({ title, text: `${title}\n${price}`, url }).catch(() => {});
  };
  return (
    <a
      href={`https://wa.me/?text=${encodeURIComponent(text)}`}
      target="_blank"
      rel="noopener noreferrer"
      onClick={onClick}
      className={buttonClass("secondary", "md", "self-start")}
      data-testid="share-link"
    >
      <Trans>Share</Trans>
    </a>
  );
}
