import crypto from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { FEED_TAIL, feedHead, feedItems } from "~/catalogue/product-feed.server.ts";
import { i18nFor } from "~/i18n/i18n.server.ts";
import { catalogueVersion } from "~/platform/db/catalogue-version.server.ts";
import { siteOrigin } from "~/platform/http/site-origin.server.ts";

/** Items written per turn of the event loop: other requests run in between. */
const ITEMS_PER_TURN = 200;

/** The catalogue version restarts with the process: this keeps one run's tags from matching another's. */
const RUN = crypto.randomBytes(8).toString("hex");

/**
 * `GET /feeds/products.xml` (`?lang=ar` for the Arabic titles and `/ar` links): every visible
 * product in Google Merchant Center's RSS format, which Meta's catalogues read too (decision 051).
 * Streamed as the client takes it, from one row at a time; its ETag is the catalogue version, so a
 * fetcher or a cache in front asking again with If-None-Match gets a 304 until the catalogue changes.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const locale = new URL(request.url).searchParams.get("lang") === "ar" ? "ar" : "en";
  const origin = siteOrigin(request, context.publicUrl);
  const etag = `"${crypto
    .createHash("sha256")
    .update(`${RUN}\n${catalogueVersion(context.db)}\n${locale}\n${origin}`)
    .digest("base64url")
    .slice(0, 27)}"`;
  const headers = {
    "Content-Type": "application/xml; charset=utf-8",
    // Any cache may keep it, asking again each time: the ETag answers whether the catalogue changed.
    "Cache-Control": "public, max-age=0, must-revalidate",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
  };
  const asked = request.headers.get("if-none-match");
  if (asked && asked.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag))
    return new Response(null, { status: 304, headers });

  const items = feedItems(context.db, { origin, locale, i18n: i18nFor(locale), storage: context.storage });
  const encoder = new TextEncoder();
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    items.return(undefined);
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(feedHead({ origin, locale })));
    },
    async pull(controller) {
      if (finished) return;
      await context.untilClientCatchesUp();
      // The client went away: read no further rows.
      if (request.signal.aborted) {
        finish();
        controller.close();
        return;
      }
      try {
        let chunk = "";
        for (let count = 0; count < ITEMS_PER_TURN; count++) {
          const next = items.next();
          if (next.done) {
            finish();
            controller.enqueue(encoder.encode(chunk + FEED_TAIL));
            controller.close();
            return;
          }
          chunk += next.value;
        }
        controller.enqueue(encoder.encode(chunk));
      } catch (error) {
        finish();
        controller.error(error);
        return;
      }
      await new Promise((resolve) => setImmediate(resolve));
    },
    cancel() {
      finish();
    },
  });
  return new Response(body, { headers });
}
