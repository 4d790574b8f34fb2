import type { HTMLAttributes } from "react";
import { formatLbp } from "~/utils/lira.ts";

/**
 * An amount in lira as the shop shows it beside the dollars, "LBP 5,339,000", kept left-to-right
 * inside any text (an Arabic page too); nothing when there is no amount (the lira is off).
 */
export function Lira({ lbp, ...props }: { lbp: number | null | undefined } & HTMLAttributes<HTMLElement>) {
  if (lbp === null || lbp === undefined) return null;
  return (
    <bdi dir="ltr" {...props}>
      {formatLbp(lbp)}
    </bdi>
  );
}
