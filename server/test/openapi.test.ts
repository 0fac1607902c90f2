import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./harness.js";

// GET /api/openapi.json is generated from the routes' zod schemas: valid OpenAPI, every API route in
// it with its errors, behind the session like the rest of /api; /api/docs is its readable page.
describe("OpenAPI document", () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp("pglite");
    await t.createUser({ username: "leitor" });
    cookie = await t.login("leitor");
  });
  afterAll(() => t.close());

  const documentOf = async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/openapi.json", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it("is valid OpenAPI by an independent validator", async () => {
    const result = await new Validator().validate(await documentOf());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("says which routes a personal token may call and with which scope; the others take the session only", async () => {
    const doc = await documentOf();
    expect(doc.components.securitySchemes.token).toMatchObject({ type: "http", scheme: "bearer" });
    const op = (method: string, path: string) => doc.paths[path][method];
    expect(op("get", "/api/products").security).toEqual([{ session: [] }, { token: [] }]);
    expect(op("get", "/api/products").description).toContain("âmbito `read`");
    expect(op("post", "/api/products").description).toContain("âmbito `monitors`");
    expect(op("post", "/api/sales").description).toContain("âmbito `books`");
    expect(op("get", "/api/admin/users").description).toContain("âmbito `admin`");
    // tokens, sessions and the password stay with the person
    expect(op("get", "/api/tokens").security).toEqual([{ session: [] }]);
    expect(op("get", "/api/user/sessions").security).toEqual([{ session: [] }]);
    expect(op("post", "/api/login").security).toEqual([]);
  });

  it("gives every operation a success answer, files and streams included", async () => {
    const doc = await documentOf();
    const without = Object.entries(doc.paths as Record<string, Record<string, { responses: object }>>)
      .flatMap(([p, ops]) => Object.entries(ops).map(([m, op]) => [`${m.toUpperCase()} ${p}`, op] as const))
      .filter(([, op]) => !Object.keys(op.responses).some((code) => code.startsWith("2")))
      .map(([name]) => name);
    expect(without).toEqual([]);
    expect(Object.keys(doc.paths["/api/events"].get.responses["200"].content)).toEqual(["text/event-stream"]);
  });

  it("lists every API route the app registers, and nothing that is not the API", async () => {
    const doc = await documentOf();
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
      ([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ":$1")}`),
    );
    const api = t.app.routeTable.filter(
      (r) => / \/api\//.test(r) && !r.includes("/api/docs") && !r.endsWith("/api/openapi.json"),
    );
    expect(documented.sort()).toEqual([...new Set(api)].sort());
  });

  it("gives each route its errors in the { message, errors } shape, and its declared answer", async () => {
    const doc = await documentOf();
    const create = doc.paths["/api/sales"].post;
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(["201", "400", "401", "403"]));
    expect(create.responses["400"].content["application/json"].schema.required).toEqual([
      "message",
      "errors",
    ]);
    expect(create.requestBody.content["application/json"].schema.properties).toHaveProperty("salePrice");
    const one = doc.paths["/api/products/{id}"].delete;
    expect(Object.keys(one.responses)).toEqual(expect.arrayContaining(["401", "404"]));
    const login = doc.paths["/api/login"].post;
    expect(login.responses).not.toHaveProperty("401");
    expect(login.security).toEqual([]);
    expect(doc.paths["/api/admin/users"].get.responses).toHaveProperty("403");
  });

  it("answers 401 without a session, and serves the readable page to a signed-in user", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/openapi.json" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/docs/" })).statusCode).toBe(401);
    const page = await t.app.inject({ method: "GET", url: "/api/docs/", headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
  });
});
