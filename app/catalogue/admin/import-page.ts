/** The products import page (its preview is `?token=`, its enhanced upload `/upload`). */
export const IMPORT_PAGE = "/admin/products/import";
