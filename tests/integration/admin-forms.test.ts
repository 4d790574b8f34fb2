import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/test-server.ts";

const server = useTestServer({ signedIn: true });

const broken = '--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nhalf a part';

describe("the admin product forms with a broken multipart body", () => {
  for (const path of ["/admin/products", "/admin/products/1/edit"]) {
    it(`${path} responds 400 with a message, not a server error`, async () => {
      for (const contentType of ["multipart/form-data; boundary=xyz", "multipart/form-data"]) {
        const response = await fetch(server.base + path, {
          method: "POST",
          headers: { Cookie: server.cookie, "Content-Type": contentType },
          body: broken,
        });
        expect(response.status, contentType).toBe(400);
        expect(await response.text()).toContain("multipart");
      }
    });
  }
});
