import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { internationalDigits } from "./phone.ts";

const HOUR_S = 60 * 60;

export const TOO_MANY_FOR_PHONE = "Too many orders for this phone number. Please call us to order.";
export const TOO_MANY_FROM_ADDRESS = "Too many orders from this connection. Please call us to order.";

/** The fake-order brake refused an order (429); nothing was placed. */
export class TooManyOrders extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

function limiter(keyPrefix: string, perHour: number) {
  return perHour > 0 ? new RateLimiterMemory({ keyPrefix, points: perHour, duration: HOUR_S }) : null;
}

async function take(limit: RateLimiterMemory | null, key: string, message: string) {
  if (!limit) return;
  try {
    await limit.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw new TooManyOrders(message, Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
    throw error;
  }
}

/**
 * Orders an hour per phone number (compared by its international digits, so "03 123 456" and
 * "+961 3 123 456" are one customer) and per client address; 0 turns either off. In memory like
 * the login limits: one process, and a restart forgetting the counts costs at most one window.
 * Only orders actually placed count: a refused, invalid or replayed order gives its points back.
 */
export function createOrderBrake({ perPhone, perAddress }: { perPhone: number; perAddress: number }) {
  const byPhone = limiter("order-phone", perPhone);
  const byAddress = limiter("order-address", perAddress);
  return {
    /** Runs `place` once both allowances have room; throws TooManyOrders (429) otherwise. */
    async placeWithin<T extends { created: boolean }>(who: { phone: string; address: string }, place: () => T): Promise<T> {
      const phone = internationalDigits(who.phone);
      await take(byAddress, who.address, TOO_MANY_FROM_ADDRESS);
      try {
        await take(byPhone, phone, TOO_MANY_FOR_PHONE);
      } catch (error) {
        await byAddress?.reward(who.address, 1);
        throw error;
      }
      const giveBack = () => Promise.all([byAddress?.reward(who.address, 1), byPhone?.reward(phone, 1)]);
      let outcome: T;
      try {
        outcome = place();
      } catch (error) {
        await giveBack();
        throw error;
      }
      if (!outcome.created) await giveBack();
      return outcome;
    },
  };
}

export type OrderBrake = ReturnType<typeof createOrderBrake>;
