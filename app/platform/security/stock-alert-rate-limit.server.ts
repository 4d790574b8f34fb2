import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

/**
 * Back-in-stock requests an hour from one client address: a shopper asks for a few sold-out items,
 * a script filling the table with addresses gets 429. Every well-formed request counts (a repeat
 * or one refused for its size too), so the table and the activity log cannot be flooded by retries. In memory, like the
 * other limits: the shop is one process, and a restart forgets at most one window.
 */
export const STOCK_ALERTS_PER_HOUR = 10;
const stockAlertLimit = new RateLimiterMemory({
  keyPrefix: "stock-alert-ip",
  points: STOCK_ALERTS_PER_HOUR,
  duration: 60 * 60,
});

export class TooManyStockAlerts extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("Too many requests. Please try again later.");
  }
}

/** Takes one request from the address's allowance; throws TooManyStockAlerts once it is spent. */
export async function takeStockAlertTry(address: string) {
  try {
    await stockAlertLimit.consume(address);
  } catch (error) {
    if (error instanceof RateLimiterRes)
      throw new TooManyStockAlerts(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
    throw error;
  }
}
