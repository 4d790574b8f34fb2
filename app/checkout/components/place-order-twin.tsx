import { Trans } from "@lingui/react/macro";

/**
 * Enter in a field presses its form's first submit button. Place Order sits in the summary, after
 * 'Update total', so the checkout form opens with this twin of it, hidden from view and from the
 * keyboard: Enter places the order, without JavaScript too.
 */
export function PlaceOrderTwin() {
  return (
    <button type="submit" hidden>
      <Trans>Place Order</Trans>
    </button>
  );
}
