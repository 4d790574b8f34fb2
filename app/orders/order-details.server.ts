import type { Db } from "~/platform/db/db.server.ts";
import { loadTimeline } from "./order-desk.server.ts";
import { loadOrder } from "./order.server.ts";
import { trackingUrl, whatsAppMessage } from "./order-desk.ts";
import { shopperLanguage } from "~/i18n/shopper-language.server.ts";
import { findBlockedPhone } from "./customers.server.ts";
import { paidForUnits } from "./return-request-status.ts";
import type { ReturnRequestView } from "./return-request-read.server.ts";

/** What the order dialog of /admin/orders shows: the order, its lines and its timeline, dates as ISO strings. */
export function loadOrderDetails(db: Db, publicId: string, publicUrl?: string) {
  const order = loadOrder(db, publicId);
  if (!order) return null;
  return {
    order: {
      publicId: order.publicId,
      orderNumber: order.orderNumber,
      status: order.status,
      createdAt: order.createdAt.toISOString(),
      confirmedAt: order.confirmedAt?.toISOString() ?? null,
      customerName: order.customerName,
      email: order.email,
      phone: order.phone,
      governorate: order.governorate,
      city: order.city,
      street: order.street,
      building: order.building,
      address: order.address,
      driverNote: order.driverNote,
      language: order.language,
      latitude: order.latitude,
      longitude: order.longitude,
      subtotalCents: order.subtotalCents,
      couponCode: order.couponCode,
      discountCents: order.discountCents,
      deliveryFeeCents: order.deliveryFeeCents,
      totalCents: order.totalCents,
      trackingUrl: trackingUrl(publicUrl, order.publicId, order.language),
      // Said here, where the catalogues are: the text for the shopper in the order's language.
      whatsAppText: whatsAppMessage(
        order,
        trackingUrl(publicUrl, order.publicId, order.language),
        shopperLanguage(order.language),
      ),
      items: order.items.map((item) => ({
        id: item.id,
        productId: item.productId,
        title: item.title,
        unitPriceCents: item.unitPriceCents,
        quantity: item.quantity,
        size: item.size,
      })),
      returnRequest: returnRequestView(order, order.returnRequest),
    },
    customer: customerView(db, order.phone, order.customer),
    timeline: loadTimeline(db, order.id).map((entry) => ({
      at: entry.at.toISOString(),
      event: entry.event,
      by: entry.by,
      note: entry.note?.text ?? null,
      subject: entry.subject,
      reason: entry.reason,
    })),
  };
}

/** The dialog's customer panel: the phone's record and its block, if any. */
function customerView(
  db: Db,
  phone: string,
  record: { orders: number; delivered: number; returned: number; canceled: number },
) {
  const blocked = findBlockedPhone(db, phone);
  return {
    phone,
    record,
    blocked: blocked ? { reason: blocked.reason, at: blocked.blockedAt.toISOString(), by: blocked.blockedBy } : null,
  };
}

/** The dialog's return panel: the request, and the most 'Received' may refund for its units. */
function returnRequestView(order: { subtotalCents: number; discountCents: number }, request: ReturnRequestView | null) {
  if (!request) return null;
  return {
    status: request.status,
    reason: request.reason,
    note: request.note,
    refusalNote: request.refusalNote,
    refundCents: request.refundCents,
    createdAt: request.createdAt.toISOString(),
    maxRefundCents: paidForUnits(order, request.items),
    items: request.items.map((item) => ({
      orderItemId: item.orderItemId,
      title: item.title,
      size: item.size,
      quantity: item.quantity,
      restocked: item.restocked,
      productGone: item.productId === null,
    })),
  };
}
