import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";

/**
 * A retailer whose redirect names a path in raw UTF-8 bytes (not percent-encoded), as some
 * misconfigured shops send. The preview must answer a Portuguese 4xx, never a 500 (issue 13, item 9).
 */
describe.each(dbKinds())("preview of a page that redirects with a non-ASCII Location (%s)", (kind) => {
  let server: net.Server;
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    server = net.createServer((socket) => {
      socket.once("data", (request) => {
        const location = request.toString("latin1").includes("/products/broken")
          ? "https://nudeproject.com:99999/\u00e7"
          : "/products/camisola-\u00e7\u00e3o-\u{1F525}";
        const head = Buffer.from(
          `HTTP/1.1 302 Found\r\nLocation: ${location}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
          "utf8",
        );
        socket.end(head);
      });
      socket.on("error", () => {});
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    t = await createTestApp(kind, {
      config: { monitorRedirect: new Map([["https://nudeproject.com", `http://127.0.0.1:${port}`]]) },
    });
    await t.createUser({ username: "rita" });
    cookie = await t.login("rita");
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it.each(["camisola", "broken"])("answers a Portuguese 4xx, not a 500 (%s)", async (path) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/products/preview",
      headers: { cookie },
      payload: { platform: "nudeproject", url: `https://nudeproject.com/products/${path}` },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().message).toMatch(/Não foi possível ler a página/);
  });
});
