/** The shop is in Lebanon: "today" on the Overview and dates on slips follow Beirut time. */
export const SHOP_TIME_ZONE = "Asia/Beirut";
