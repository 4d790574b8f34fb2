import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

/** Set in entry.server.tsx, read by root.tsx so Remix's inline scripts carry the CSP nonce. */
export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
