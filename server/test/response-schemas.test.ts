import { publicUserSchema } from "@common/schemas/auth.js";
import { DEFAULT_SYSTEM_SETTINGS } from "@common/schemas/settings.js";
import { healthAnswerSchema } from "@common/schemas/health.js";
import { productDtoSchema } from "@common/schemas/products.js";
import { z } from "@common/zod-pt.js";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import type { Database } from "../src/db/client.js";
import { users } from "../src/db/schema.js";
import { cachedJson } from "../src/plugins/cached-answers.js";
import { currentUser } from "../src/plugins/auth.js";
import { hashPassword } from "../src/services/passwords.js";
import { saveAppSettings } from "../src/services/settings.js";
import { toPublicUser } from "../src/services/users.js";
import { createTestDatabase, dbKinds, PASSWORD, testConfig } from "./harness.js";
import { zaraProduct } from "./product-fixtures.js";

/**
 * Routes declare their answers with the schemas of common/schemas: a field the schema does not
 * name never leaves the server (a service that returned a user's row would not leak its password
 * hash), and the answers are exactly the declared shapes.
 */
const HEALTH_TOKEN = "sonda-de-saude-0123456789";

describe.each(dbKinds())("response schemas (%s)", (kind) => {
  let app: FastifyInstance;
  let database: Database;
  let cookie: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildApp({ database, config: testConfig({ healthToken: HEALTH_TOKEN }), clientDir: null });
    // two routes that answer the user's whole row, as a careless service would
    app.get("/api/test/row", { schema: { response: { 200: publicUserSchema } } }, async (request) => ({
      ...toPublicUser(currentUser(request)),
      passwordHash: currentUser(request).passwordHash,
    }));
    app.get(
      "/api/test/cached-row",
      cachedJson(app, ["users"], publicUserSchema, async (user) => ({
        ...toPublicUser(user),
        passwordHash: user.passwordHash,
      })),
    );
    // a Date where the schema says an ISO string: refused, not sent in another shape
    app.get(
      "/api/test/cached-date",
      cachedJson(app, ["users"], publicUserSchema, async (user) => ({
        ...toPublicUser(user),
        createdAt: user.createdAt as unknown as string,
      })),
    );
    await app.ready();
    await database.db
      .insert(users)
      .values({ username: "ana", passwordHash: await hashPassword(PASSWORD), monitorLimit: 5 });
    const login = await app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "ana", password: PASSWORD },
    });
    cookie = `sid=${login.cookies.find((c) => c.name === "sid")!.value}`;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("a field the response schema does not name never leaves the server", async () => {
    for (const url of ["/api/test/row", "/api/test/cached-row"]) {
      const res = await app.inject({ method: "GET", url, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain("passwordHash");
      expect(res.body).not.toContain("scrypt$");
      expect(publicUserSchema.strict().parse(res.json())).toMatchObject({ username: "ana" });
    }
  });

  it("a cached answer the schema refuses is a 500, never sent", async () => {
    const res = await app.inject({ method: "GET", url: "/api/test/cached-date", headers: { cookie } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: "Erro interno do servidor", errors: [] });
  });

  it("GET /api/products and POST /api/products answer exactly productDtoSchema", async () => {
    const created = await app.inject({
      method: "POST",
      url: "/api/products",
      headers: { cookie },
      payload: zaraProduct(),
    });
    expect(created.statusCode).toBe(201);
    expect(productDtoSchema.strict().parse(created.json()).name).toBe("Casaco comprido de lã");
    const list = await app.inject({ method: "GET", url: "/api/products", headers: { cookie } });
    expect(list.statusCode).toBe(200);
    const products = z.array(productDtoSchema.strict()).parse(list.json());
    expect(products.map((p) => p.id)).toEqual([created.json().id]);
  });

  it("GET /api/user answers exactly publicUserSchema", async () => {
    const res = await app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
    expect(publicUserSchema.strict().parse(res.json())).toMatchObject({ username: "ana", monitorLimit: 5 });
  });

  it("GET /api/health answers exactly healthAnswerSchema, detailed or not", async () => {
    const authorization = `Bearer ${HEALTH_TOKEN}`;
    const detailed = await app.inject({ method: "GET", url: "/api/health", headers: { authorization } });
    expect([200, 503]).toContain(detailed.statusCode);
    expect(healthAnswerSchema.strict().parse(detailed.json())).toMatchObject({
      database: "ok",
      engine: null,
      reasons: expect.any(Array),
    });
    await saveAppSettings(database.db, "system", { ...DEFAULT_SYSTEM_SETTINGS, enableHealthCheck: false });
    try {
      const brief = await app.inject({ method: "GET", url: "/api/health", headers: { authorization } });
      expect(brief.statusCode).toBe(200);
      expect(healthAnswerSchema.strict().parse(brief.json())).toEqual({ status: "ok" });
    } finally {
      await saveAppSettings(database.db, "system", DEFAULT_SYSTEM_SETTINGS);
    }
  });
});
