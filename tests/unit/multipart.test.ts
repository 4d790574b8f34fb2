import { unstable_parseMultipartFormData } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { multipartRequest } from "~/platform/files/multipart.server.ts";

const body = '--abc\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--abc--\r\n';
const post = (contentType: string) =>
  new Request("http://shop.test/upload", { method: "POST", headers: { "Content-Type": contentType }, body });

describe("multipartRequest, the one multipart rewrite", () => {
  it("hands Remix's parser a body whose boundary follows other parameters, quoted or not", async () => {
    for (const contentType of [
      "multipart/form-data; boundary=abc",
      "multipart/form-data; charset=UTF-8; boundary=abc",
      'Multipart/Form-Data; boundary="abc"',
    ]) {
      const readable = multipartRequest(post(contentType));
      expect(readable?.headers.get("Content-Type"), contentType).toBe("multipart/form-data; boundary=abc");
      const form = await unstable_parseMultipartFormData(readable!, async ({ data }) => {
        const chunks: Uint8Array[] = [];
        for await (const chunk of data) chunks.push(chunk);
        return Buffer.concat(chunks).toString("utf8");
      });
      expect(form.get("note"), contentType).toBe("hello");
    }
  });

  it("passes a plain header's request through untouched", () => {
    const request = post("multipart/form-data; boundary=abc");
    expect(multipartRequest(request)).toBe(request);
  });

  it("is null for a body that is not multipart or has no boundary", () => {
    for (const contentType of ["multipart/form-data", "text/csv; boundary=abc", "application/json", ""])
      expect(multipartRequest(post(contentType)), contentType).toBeNull();
  });
});
