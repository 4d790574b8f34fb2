/** The shop's limit on one image: the browser checks it before sending, the server again. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The formats the shop stores; the server decides by the bytes, this only narrows the file picker. */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";
