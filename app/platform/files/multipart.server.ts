/**
 * The request as Remix's multipart parser (`unstable_parseMultipartFormData`) can read it, or null
 * when it is not multipart/form-data with a boundary. The boundary may follow other parameters
 * (`multipart/form-data; charset=UTF-8; boundary=…`), which that parser does not read: it is handed
 * a request with the plain form of the header and the same body, still unread (streamed, never
 * buffered).
 */
export function multipartRequest(request: Request): Request | null {
  const contentType = request.headers.get("Content-Type") ?? "";
  const boundary = /;\s*boundary=("?)([^";\s]+)\1/i.exec(contentType)?.[2];
  if (!/^multipart\/form-data\s*(;|$)/i.test(contentType) || !boundary) return null;
  const plain = `multipart/form-data; boundary=${boundary}`;
  if (contentType === plain) return request;
  return new Request(request.url, {
    method: request.method,
    headers: { "Content-Type": plain },
    body: request.body,
    duplex: "half",
  } as RequestInit);
}
