import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeRetailer } from "../../tools/fake-retailer.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";

describe.each(dbKinds())("POST /api/products/preview (%s)", (kind) => {
  const retailer = new FakeRetailer();
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    const origin = await retailer.listen();
    t = await createTestApp(kind, {
      // the test's DNS: one name points inside, every other is unknown (as offline)
      resolve: async (host) => {
        if (host === "loja-interna.pt") return ["10.0.0.7"];
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
      },
      config: {
        monitorRedirect: new Map([
          ["https://nudeproject.com", origin],
          ["https://www.vinted.pt", origin],
        ]),
      },
    });
    await t.createUser({ username: "rita" });
    cookie = await t.login("rita");
    retailer.setProduct("rebel-hoodie", {
      name: "REBEL HOODIE",
      sizes: ["S", "L"],
      allSizes: ["S", "M", "L"],
      price: "79.00",
    });
    retailer.setProduct("walled", { sizes: ["M"], block: "challenge" });
  });
  afterAll(async () => {
    await t.close();
    await retailer.close();
  });

  const preview = (payload: unknown, withCookie = true) =>
    t.app.inject({
      method: "POST",
      url: "/api/products/preview",
      payload: payload as object,
      headers: withCookie ? { cookie } : {},
    });

  it("needs a session", async () => {
    const res = await preview(
      { platform: "nudeproject", url: "https://nudeproject.com/products/rebel-hoodie" },
      false,
    );
    expect(res.statusCode).toBe(401);
  });

  it("reads the page once and returns what the modal needs", async () => {
    const res = await preview({
      platform: "nudeproject",
      url: "https://nudeproject.com/products/rebel-hoodie",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: "REBEL HOODIE",
      productId: "rebel-hoodie",
      price: "79.00",
      sizes: ["S", "M", "L"],
      status: "in_stock",
    });
    expect(res.json().imageUrl).toMatch(/rebel-hoodie\.jpg$/);
  });

  it("refuses a URL of another platform with a Portuguese message", async () => {
    const res = await preview({ platform: "zara", url: "https://nudeproject.com/products/rebel-hoodie" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toMatch(/não pertence à plataforma Zara/);
  });

  it("refuses an address that is not public without fetching it, saying the guard's real reason", async () => {
    retailer.resetStats();
    // offline every name fails to resolve: that is what the modal says, not "private address"
    const offline = await preview({ platform: "anystore", url: "https://loja-offline.pt/produto/1" });
    expect(offline.statusCode).toBe(400);
    expect(offline.json().message).toBe("Não foi possível resolver o endereço");
    expect(offline.json().errors[0]).toEqual({
      path: "url",
      message: "Não foi possível resolver o endereço",
    });
    const inside = await preview({ platform: "anystore", url: "https://loja-interna.pt/produto/1" });
    expect(inside.statusCode).toBe(400);
    expect(inside.json().message).toBe("Endereço privado ou local não permitido");
    expect(retailer.requests).toBe(0);
  });

  it("a page that cannot be read answers 422 saying why", async () => {
    const missing = await preview({ platform: "nudeproject", url: "https://nudeproject.com/products/nada" });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toMatch(/não encontrado/);
    // (last: the wall's 403 backs the host off, and a preview after it would meet the pause)
    const res = await preview({ platform: "nudeproject", url: "https://nudeproject.com/products/walled" });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      "Não foi possível ler a página (bloqueado): Página de verificação anti-bot (Cloudflare)",
    );
  });
});
