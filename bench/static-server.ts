// The static ceiling for `bench/run.ts`: a bare Node `http` server serving one stored HTML file
// from memory. It runs in its own process, as the shop does, so the load tool's own work does not
// slow it (inside the load tool's process it ran about four times slower and flattered the shop).
// Usage: node bench/static-server.ts FILE PORT; prints "ready" once listening on 127.0.0.1.
import fs from "node:fs";
import http from "node:http";

const [file, port] = process.argv.slice(2);
const html = fs.readFileSync(file!);
const server = http.createServer((_req, res) => {
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": html.byteLength });
  res.end(html);
});
server.listen(Number(port), "127.0.0.1", () => console.log("ready"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
