import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiTokens, users } from "../src/db/schema.js";
import { TOKEN_REQUESTS_PER_MINUTE } from "../src/plugins/auth.js";
import { createTestApp, dbKinds, eventually, type TestApp } from "./harness.js";
import { recordingEngine, zaraProduct } from "./product-fixtures.js";

/**
 * Personal API tokens (Settings → API): created with a session, shown once, stored hashed, scoped,
 * expiring, revocable, rate-limited; `Authorization: Bearer` on the /api routes their scopes allow.
 */
describe.each(dbKinds())("personal API tokens (%s)", (kind) => {
  let t: TestApp;
  let owner: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { engine: recordingEngine() });
    await t.createUser({ username: "revendedor", monitorLimit: 50 });
    await t.createUser({ username: "vizinho" });
    await t.createUser({ username: "chefe", role: "admin" });
    owner = await t.login("revendedor");
    admin = await t.login("chefe");
  });
  afterAll(() => t.close());

  const create = async (cookie: string, body: object) =>
    t.app.inject({ method: "POST", url: "/api/tokens", headers: { cookie }, payload: body });
  const newToken = async (cookie: string, body: object) => {
    const res = await create(cookie, { name: "script", ...body });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number; token: string; prefix: string };
  };
  const withToken = (token: string, method: string, url: string, payload?: object) =>
    t.app.inject({
      method: method as "GET",
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });

  it("is shown once at its creation and kept only as its hash", async () => {
    const created = await newToken(owner, { name: "Folha de cálculo", scopes: ["read"], expiresInDays: 30 });
    expect(created.token).toMatch(/^smt_[\w-]{40,}$/);
    expect(created.token.startsWith(created.prefix)).toBe(true);
    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row.tokenHash).toBe(createHash("sha256").update(created.token).digest("hex"));
    const dump = JSON.stringify(await t.database.db.execute(sql`select * from api_tokens`));
    expect(dump).not.toContain(created.token);
    const list = await t.app.inject({ method: "GET", url: "/api/tokens", headers: { cookie: owner } });
    expect(list.statusCode).toBe(200);
    const mine = list.json().find((x: { id: number }) => x.id === created.id);
    expect(mine).toMatchObject({ name: "Folha de cálculo", scopes: ["read"], prefix: created.prefix });
    expect(mine).not.toHaveProperty("token");
    expect(new Date(mine.expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
  });

  it("reads with `read`, is refused a write its scopes do not name, and writes monitors with `monitors`", async () => {
    const reader = await newToken(owner, { scopes: ["read"] });
    expect((await withToken(reader.token, "GET", "/api/products")).statusCode).toBe(200);
    const refused = await withToken(reader.token, "POST", "/api/products", zaraProduct());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Este token não tem a permissão "monitors"');

    const writer = await newToken(owner, { scopes: ["read", "monitors"] });
    const added = await withToken(
      writer.token,
      "POST",
      "/api/products",
      zaraProduct({ productId: "09998877", url: "https://www.zara.com/pt/pt/casaco-p09998877.html" }),
    );
    expect(added.statusCode, added.body).toBe(201);
    const listed = await withToken(writer.token, "GET", "/api/products");
    expect(listed.json().map((p: { id: number }) => p.id)).toContain(added.json().id);
    // books need their own scope
    expect((await withToken(writer.token, "POST", "/api/inventory", {})).statusCode).toBe(403);
    // and the last use is written
    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, writer.id));
    expect(row.lastUsedAt).not.toBeNull();
  });

  it("never manages tokens, the password or sessions, whatever its scopes", async () => {
    const all = await newToken(owner, { scopes: ["read", "monitors", "books"] });
    for (const [method, url] of [
      ["GET", "/api/tokens"],
      ["POST", "/api/tokens"],
      ["PUT", "/api/user/password"],
      ["GET", "/api/user/sessions"],
      ["POST", "/api/logout"],
    ]) {
      const res = await withToken(all.token, method, url, method === "GET" ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("reads the route the request reaches: a percent-encoded path is refused as the plain one", async () => {
    const all = await newToken(owner, { scopes: ["read", "monitors", "books"] });
    for (const url of ["/api/%74okens", "/api/user/%73essions", "/api/Tokens/../tokens"]) {
      const res = await withToken(all.token, "GET", url);
      expect(res.statusCode, url).not.toBe(200);
    }
    for (const url of ["/api/%74okens", "/api/user/%73essions"])
      expect((await withToken(all.token, "GET", url)).statusCode, url).toBe(403);
    const adminRead = await newToken(admin, { scopes: ["read"] });
    for (const url of ["/api/%61dmin/users", "/api/admin/%75sers", "/%61pi/admin/users"])
      expect((await withToken(adminRead.token, "GET", url)).statusCode, url).toBe(403);
    // without any credential, an encoded /api path is still a stranger's request
    const anonymous = await t.app.inject({ method: "GET", url: "/%61pi/products" });
    expect(anonymous.statusCode).toBe(401);
    // the plain path still works for what the token may do
    expect((await withToken(all.token, "GET", "/api/%70roducts")).statusCode).toBe(200);
  });

  it("reaches admin routes only with the admin scope on an admin's token", async () => {
    const refused = await create(owner, { name: "x", scopes: ["read", "admin"] });
    expect(refused.statusCode).toBe(403);
    const adminRead = await newToken(admin, { scopes: ["read"] });
    expect((await withToken(adminRead.token, "GET", "/api/admin/users")).statusCode).toBe(403);
    const adminFull = await newToken(admin, { scopes: ["read", "admin"] });
    expect((await withToken(adminFull.token, "GET", "/api/admin/users")).statusCode).toBe(200);
    // an admin demoted keeps the token but not the admin routes
    await t.database.db.update(users).set({ role: "user" }).where(eq(users.username, "chefe"));
    // every process learns of the change through the database's notification, a moment later
    await eventually(async () =>
      expect((await withToken(adminFull.token, "GET", "/api/admin/users")).statusCode).toBe(403),
    );
    await t.database.db.update(users).set({ role: "admin" }).where(eq(users.username, "chefe"));
  });

  it("stops at once when revoked, when expired and when its account is disabled", async () => {
    const revoked = await newToken(owner, { scopes: ["read"] });
    expect((await withToken(revoked.token, "GET", "/api/products")).statusCode).toBe(200);
    const other = await t.login("vizinho");
    const notHers = await t.app.inject({
      method: "DELETE",
      url: `/api/tokens/${revoked.id}`,
      headers: { cookie: other },
    });
    expect(notHers.statusCode).toBe(404);
    const gone = await t.app.inject({
      method: "DELETE",
      url: `/api/tokens/${revoked.id}`,
      headers: { cookie: owner },
    });
    expect(gone.statusCode).toBe(200);
    const after = await withToken(revoked.token, "GET", "/api/products");
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe("Token inválido, expirado ou revogado");

    const expired = await newToken(owner, { scopes: ["read"], expiresInDays: 7 });
    await t.database.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expired.id));
    expect((await withToken(expired.token, "GET", "/api/products")).statusCode).toBe(401);

    const neighbour = await newToken(other, { scopes: ["read"] });
    expect((await withToken(neighbour.token, "GET", "/api/products")).statusCode).toBe(200);
    await t.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.username, "vizinho"));
    await eventually(async () =>
      expect((await withToken(neighbour.token, "GET", "/api/products")).statusCode).toBe(401),
    );
  });

  it("refuses bad input in Portuguese and a malformed or unknown bearer with 401", async () => {
    const bad = await create(owner, { name: "", scopes: [], expiresInDays: 3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Nome obrigatório|permissão|Validade/);
    const unknownScope = await create(owner, { name: "x", scopes: ["tudo"] });
    expect(unknownScope.statusCode).toBe(400);
    const malformed = await t.app.inject({
      method: "GET",
      url: "/api/products",
      headers: { authorization: "Token abc" },
    });
    expect(malformed.statusCode).toBe(401);
    expect((await withToken("smt_inventado", "GET", "/api/products")).statusCode).toBe(401);
    // public routes read their own bearer (health's HEALTH_TOKEN): a personal token's rules stay out
    expect((await withToken("outro-segredo-qualquer", "GET", "/api/health")).statusCode).toBe(200);
  });

  it(`allows ${TOKEN_REQUESTS_PER_MINUTE} requests a minute per token, then 429, without slowing another token`, async () => {
    const busy = await newToken(owner, { scopes: ["read"] });
    const calm = await newToken(owner, { scopes: ["read"] });
    const statuses: number[] = [];
    for (let i = 0; i <= TOKEN_REQUESTS_PER_MINUTE; i++) {
      statuses.push((await withToken(busy.token, "GET", "/api/platforms")).statusCode);
    }
    expect(statuses.slice(0, TOKEN_REQUESTS_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await withToken(calm.token, "GET", "/api/platforms")).statusCode).toBe(200);
  }, 120_000);

  it("keeps at most 20 tokens per user", async () => {
    let status = 201;
    for (let i = 0; i < 25 && status === 201; i++) {
      status = (await create(owner, { name: `t${i}`, scopes: ["read"] })).statusCode;
    }
    expect(status).toBe(409);
    const list = await t.app.inject({ method: "GET", url: "/api/tokens", headers: { cookie: owner } });
    expect(list.json()).toHaveLength(20);
  });
});
