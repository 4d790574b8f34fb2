import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

/**
 * Order lookups by number and phone, per client address: enough for a shopper who mistypes, far
 * too few to walk through order numbers for a known phone. Only misses count (a found order gives
 * its try back), since Lebanese carriers put many customers behind one address. In memory, like
 * the login limits: the shop is one process.
 */
export const TRACK_TRIES = 10;
const WINDOW_S = 15 * 60;
const trackLimit = new RateLimiterMemory({
  keyPrefix: "track-ip",
  points: TRACK_TRIES,
  duration: WINDOW_S,
  blockDuration: WINDOW_S,
});

export class TooManyTrackingTries extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many tries. Please try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minutes, or call us.`);
  }
}

/** Takes one try before the lookup; throws TooManyTrackingTries once the address's tries are spent. */
export async function takeTrackingTry(address: string) {
  try {
    await trackLimit.consume(address);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw new TooManyTrackingTries(error.msBeforeNext / 1000);
    throw error;
  }
}

export async function giveTrackingTryBack(address: string) {
  await trackLimit.reward(address, 1);
}
