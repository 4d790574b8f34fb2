/** One period's figures on the Overview (today, 7 and 30 days). Browser-safe: its cards show them. */
export type PeriodFigures = {
  orders: number;
  canceled: number;
  returned: number;
  /** What came in: the orders' totals (canceled and returned out) less the refunds paid back in the period. */
  revenueCents: number;
  /** Returns after delivery received in the period (by the day they were received) and what they paid back. */
  refunds: number;
  refundsCents: number;
  /** Of `revenueCents`, the delivery fees (the driver's) and the rest, the goods (the shop's). */
  deliveryFeesCents: number;
  goodsRevenueCents: number;
  averageCents: number | null;
  /**
   * The goods revenue less what those goods cost the owner (each item at its cost when it was
   * placed), canceled and returned orders out; its share of the goods revenue (null: no goods sold);
   * and the units sold without a known cost, which count as costing nothing here.
   */
  grossProfitCents: number;
  margin: number | null;
  itemsWithoutCost: number;
};
