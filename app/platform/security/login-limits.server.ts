import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

/**
 * Logins are limited per username and per client address. In memory: the shop is one
 * process, and a restart forgetting the counts only helps an attacker by one window.
 */
const WINDOW_S = 15 * 60;
export const loginLimits = {
  perUsername: new RateLimiterMemory({
    keyPrefix: "login-user",
    points: 5,
    duration: WINDOW_S,
    blockDuration: WINDOW_S,
  }),
  perAddress: new RateLimiterMemory({ keyPrefix: "login-ip", points: 20, duration: WINDOW_S, blockDuration: WINDOW_S }),
};

export class TooManyAttempts extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many failed login attempts. Try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minutes.`);
  }
}

/**
 * Takes one attempt from the username's and the address's allowance before the password is
 * checked: counting only after the (slow) scrypt check let parallel guesses all pass a check made
 * before any of them had failed. Throws TooManyAttempts once either allowance is spent.
 */
export async function takeLoginAttempt(username: string, address: string) {
  const outcomes = await Promise.allSettled([
    loginLimits.perUsername.consume(username.toLowerCase()),
    loginLimits.perAddress.consume(address),
  ]);
  const refusals = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason as unknown] : []));
  if (refusals.length === 0) return;
  const refusal = refusals.find((reason) => !(reason instanceof RateLimiterRes));
  if (refusal) throw refusal;
  throw new TooManyAttempts(Math.max(...(refusals as RateLimiterRes[]).map((res) => res.msBeforeNext)) / 1000);
}

/** A correct password gives the attempt back: the username starts afresh, the address regains one. */
export async function recordSuccessfulLogin(username: string, address: string) {
  await Promise.all([
    loginLimits.perUsername.delete(username.toLowerCase()),
    loginLimits.perAddress.reward(address, 1),
  ]);
}
