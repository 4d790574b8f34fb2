import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { phoneKey } from "~/utils/phone-number.ts";
import type { OrderRateAnswer } from "./order-rate-limit-answers.ts";

const HOUR_S = 60 * 60;

/**
 * The fake-order rate limit refused an order (429); nothing was placed. Returned as a result, not
 * thrown, so the caller maps it with the other refusals (app/checkout/place-order.server.ts).
 */
export type TooManyOrders = { answer: OrderRateAnswer; retryAfterSeconds: number };

class Refused extends Error {
  constructor(readonly refusal: TooManyOrders) {
    super(refusal.answer.code);
  }
}

function limiter(keyPrefix: string, perHour: number) {
  return perHour > 0 ? new RateLimiterMemory({ keyPrefix, points: perHour, duration: HOUR_S }) : null;
}

async function take(limit: RateLimiterMemory | null, key: string, answer: OrderRateAnswer) {
  if (!limit) return;
  try {
    await limit.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes)
      throw new Refused({ answer, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) });
    throw error;
  }
}

/**
 * Orders an hour per phone number (compared by `phoneKey`, so "03 123 456" and
 * "+961 3 123 456" are one customer) and per client address; 0 turns either off. In memory like
 * the login limits: one process, and a restart forgetting the counts costs at most one window.
 * Only orders actually placed count: a refused, invalid or replayed order gives its points back.
 */
export function createOrderRateLimit({ perPhone, perAddress }: { perPhone: number; perAddress: number }) {
  const byPhone = limiter("order-phone", perPhone);
  const byAddress = limiter("order-address", perAddress);
  return {
    /** Runs `place` once both allowances have room (`{ placed }`), else returns `{ tooMany }` (429). */
    async placeWithin<T extends { created: boolean }>(
      who: { phone: string; address: string },
      place: () => T,
    ): Promise<{ placed: T } | { tooMany: TooManyOrders }> {
      const phone = phoneKey(who.phone);
      try {
        await take(byAddress, who.address, { code: "order-rate.address" });
        try {
          await take(byPhone, phone, { code: "order-rate.phone" });
        } catch (error) {
          await byAddress?.reward(who.address, 1);
          throw error;
        }
      } catch (error) {
        if (error instanceof Refused) return { tooMany: error.refusal };
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
      return { placed: outcome };
    },
  };
}

export type OrderRateLimit = ReturnType<typeof createOrderRateLimit>;
