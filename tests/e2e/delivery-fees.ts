/**
 * Delivery settings the specs save before a checkout: Akkar dearer than the rest ($7 against $4),
 * so the total depends on the governorate chosen. A spec spreads it to add a free-delivery threshold.
 */
export const AKKAR_DEARER = {
  fees: {
    beirut: 400,
    mountLebanon: 400,
    beqaa: 400,
    southLebanon: 400,
    nabatieh: 400,
    northLebanon: 400,
    akkar: 700,
  },
};
