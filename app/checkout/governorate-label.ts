import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Governorate } from "~/settings/delivery.ts";

/**
 * Each governorate's name as the page shows it ('بيروت' on an Arabic page); the value a form
 * sends, the order stores and the fees are keyed by stays the English name.
 */
export const GOVERNORATE_LABEL: Record<Governorate, MessageDescriptor> = {
  Beirut: msg`Beirut`,
  "Mount Lebanon": msg`Mount Lebanon`,
  Beqaa: msg`Beqaa`,
  "South Lebanon": msg`South Lebanon`,
  Nabatieh: msg`Nabatieh`,
  "North Lebanon": msg`North Lebanon`,
  Akkar: msg`Akkar`,
};
