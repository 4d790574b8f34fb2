/** The shop's own limit per image (contract "Administrator side"): checked in the browser first, then on the server. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
