import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, dbKinds, PASSWORD, type TestApp } from "./harness.js";

describe.each(dbKinds())("admin user management (%s)", (kind) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let user: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    adminId = await t.createUser({ username: "chefe", role: "admin" });
    await t.createUser({ username: "ana" });
    admin = await t.login("chefe");
    user = await t.login("ana");
  });
  afterAll(() => t.close());

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it("lists users without their passwords", async () => {
    const res = await call("GET", "/api/admin/users", admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((u: { username: string }) => u.username)).toEqual(["chefe", "ana"]);
    expect(res.body).not.toMatch(/password/i);
  });

  it("creates a user with the defaults (role user, limit 2) who can then log in", async () => {
    const res = await call("POST", "/api/admin/users", admin, { username: "  novo  ", password: "abcdef" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      username: "novo",
      role: "user",
      monitorLimit: 2,
      email: null,
      fullName: null,
    });
    const login = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "novo", password: "abcdef" },
    });
    expect(login.statusCode).toBe(200);
  });

  it("creates with every field of the dialog", async () => {
    const res = await call("POST", "/api/admin/users", admin, {
      username: "maria",
      password: "segura1",
      role: "admin",
      email: "maria@exemplo.pt",
      fullName: "Maria Silva",
      monitorLimit: "15",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      role: "admin",
      email: "maria@exemplo.pt",
      fullName: "Maria Silva",
      monitorLimit: 15,
    });
  });

  it.each([
    [{ password: "abcdef" }, "Nome de utilizador e password são obrigatórios"],
    [{ username: "zeca" }, "Nome de utilizador e password são obrigatórios"],
    [{ username: "", password: "abcdef" }, "Nome de utilizador e password são obrigatórios"],
    [{ username: "   ", password: "abcdef" }, "Nome de utilizador e password são obrigatórios"],
    [{ username: "zeca", password: "" }, "Nome de utilizador e password são obrigatórios"],
    [{ username: "ab", password: "abcdef" }, "Username deve ter pelo menos 3 caracteres"],
    [{ username: "   ab   ", password: "abcdef" }, "Username deve ter pelo menos 3 caracteres"],
    [{ username: "a".repeat(51), password: "abcdef" }, "Username deve ter no máximo 50 caracteres"],
    [{ username: "zeca", password: "12345" }, "Password deve ter pelo menos 6 caracteres"],
    [{ username: "zeca", password: "abcdef", email: "não-é-email" }, "Email inválido"],
    [{ username: "zeca", password: "abcdef", monitorLimit: 0 }, "Limite deve ser pelo menos 1"],
    [{ username: "zeca", password: "abcdef", monitorLimit: 101 }, "Limite máximo é 100"],
    [{ username: "zeca", password: "abcdef", monitorLimit: "muitos" }, "Limite deve ser um número"],
    [{ username: "zeca", password: "abcdef", monitorLimit: 2.5 }, "Limite deve ser um número inteiro"],
  ])("refuses %o with '%s' and creates nothing", async (payload, message) => {
    const res = await call("POST", "/api/admin/users", admin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const list = await call("GET", "/api/admin/users", admin);
    expect(list.json().some((u: { username: string }) => u.username === "zeca")).toBe(false);
  });

  it("refuses an unknown role in Portuguese", async () => {
    const res = await call("POST", "/api/admin/users", admin, {
      username: "zeca",
      password: "abcdef",
      role: "root",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).not.toMatch(/Invalid|Required/);
  });

  it("accepts an empty email as none", async () => {
    const res = await call("POST", "/api/admin/users", admin, {
      username: "semmail",
      password: "abcdef",
      email: "",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().email).toBeNull();
  });

  it("answers 409 'Nome de utilizador já existe' for a taken username", async () => {
    const res = await call("POST", "/api/admin/users", admin, { username: "ana", password: "abcdef" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Nome de utilizador já existe");
  });

  it("changes a monitor limit, within 1–100", async () => {
    const list = (await call("GET", "/api/admin/users", admin)).json();
    const ana = list.find((u: { username: string }) => u.username === "ana");
    const ok = await call("PUT", `/api/admin/users/${ana.id}`, admin, { monitorLimit: 9 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().monitorLimit).toBe(9);
    const me = await call("GET", "/api/user", user);
    expect(me.json().monitorLimit).toBe(9);
    const bad = await call("PUT", `/api/admin/users/${ana.id}`, admin, { monitorLimit: 101 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Limite máximo é 100");
    const missing = await call("PUT", "/api/admin/users/99999", admin, { monitorLimit: 3 });
    expect(missing.statusCode).toBe(404);
  });

  it("answers 403 'Acesso negado' to a user on every admin route", async () => {
    for (const [method, url, payload] of [
      ["GET", "/api/admin/users"],
      ["POST", "/api/admin/users", { username: "hack", password: "abcdef" }],
      ["PUT", `/api/admin/users/${adminId}`, { monitorLimit: 100 }],
      ["DELETE", `/api/admin/users/${adminId}`],
    ] as const) {
      const res = await call(method, url, user, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("Acesso negado");
    }
    const me = await call("GET", "/api/user", admin);
    expect(me.json().monitorLimit).toBe(2);
  });

  it("ignores role and limit sent to the profile route", async () => {
    const res = await call("PUT", "/api/user/profile", user, {
      fullName: "Ana Sousa",
      email: "ana@exemplo.pt",
      role: "admin",
      monitorLimit: 100,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      fullName: "Ana Sousa",
      email: "ana@exemplo.pt",
      role: "user",
      monitorLimit: 9,
    });
  });

  it("refuses to delete the caller's own account", async () => {
    const res = await call("DELETE", `/api/admin/users/${adminId}`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Não pode excluir a própria conta");
  });

  it("ends a deleted user's session at once", async () => {
    await t.createUser({ username: "saida" });
    const cookie = await t.login("saida");
    expect((await call("GET", "/api/user", cookie)).statusCode).toBe(200);
    const list = (await call("GET", "/api/admin/users", admin)).json();
    const target = list.find((u: { username: string }) => u.username === "saida");
    const res = await call("DELETE", `/api/admin/users/${target.id}`, admin);
    expect(res.statusCode).toBe(200);
    const after = await call("GET", "/api/user", cookie);
    expect(after.statusCode).toBe(401);
    const again = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "saida", password: PASSWORD },
    });
    expect(again.statusCode).toBe(401);
  });
});

describe.each(dbKinds())("the last administrator (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it("cannot be demoted, but one of two can, and then the other remains", async () => {
    const aId = await t.createUser({ username: "admin1", role: "admin" });
    const bId = await t.createUser({ username: "admin2", role: "admin" });
    const a = await t.login("admin1");
    const demoteB = await t.app.inject({
      method: "PUT",
      url: `/api/admin/users/${bId}`,
      headers: { cookie: a },
      payload: { role: "user" },
    });
    expect(demoteB.statusCode).toBe(200);
    expect(demoteB.json().role).toBe("user");

    const demoteSelf = await t.app.inject({
      method: "PUT",
      url: `/api/admin/users/${aId}`,
      headers: { cookie: a },
      payload: { role: "user" },
    });
    expect(demoteSelf.statusCode).toBe(400);
    expect(demoteSelf.json().message).toBe("Não é possível remover o último administrador");
    const me = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: a } });
    expect(me.json().role).toBe("admin");
  });

  it("an admin deletes another admin while one remains", async () => {
    const cId = await t.createUser({ username: "admin3", role: "admin" });
    const a = await t.login("admin1");
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/users/${cId}`,
      headers: { cookie: a },
    });
    expect(res.statusCode).toBe(200);
  });
});
