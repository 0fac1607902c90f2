import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { createTestApp, dbKinds, PASSWORD, type TestApp, testConfig } from "./harness.js";

describe.each(dbKinds())("accounts and sessions (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.createUser({ username: "ana" });
  });
  afterAll(() => t.close());

  it("logs in and returns the user without the password", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "ana", password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: "ana", role: "user", monitorLimit: 2 });
    expect(res.body).not.toContain("password");
    const cookie = res.cookies.find((c) => c.name === "sid")!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
  });

  it("says the same thing for a wrong password and an unknown user", async () => {
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "ana", password: "errada" },
    });
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "zeca", password: "errada" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe("Utilizador ou senha incorretos");
    expect(unknown.json().message).toBe(wrong.json().message);
  });

  it("answers 401 'Não autenticado' without a session", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/user" });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Não autenticado");
  });

  it("gives a fresh session id at every login", async () => {
    const a = await t.login("ana");
    const b = await t.login("ana");
    expect(a).not.toBe(b);
  });

  it("logout really ends the session", async () => {
    const cookie = await t.login("ana");
    expect((await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } })).statusCode).toBe(
      200,
    );
    const out = await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it("keeps the session across a restart of the app on the same data", async () => {
    const cookie = await t.login("ana");
    const second = await buildApp({ database: t.database, config: testConfig(), clientDir: null });
    const res = await second.inject({ method: "GET", url: "/api/user", headers: { cookie } });
    await second.close();
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe("ana");
  });

  it("refuses a login body that is not valid, in Portuguese", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/login", payload: { username: "" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/obrigatório|inválid/i);
    expect(res.json().errors.length).toBeGreaterThan(0);
  });

  it("refuses a username from an address after 10 failures there, not from the owner's", async () => {
    await t.createUser({ username: "bruno" });
    const attempt = (password: string, remoteAddress: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { username: "bruno", password },
        remoteAddress,
      });
    let last = 0;
    for (let i = 0; i < 11; i++) last = (await attempt("errada", "10.0.0.1")).statusCode;
    expect(last).toBe(429);
    // even the right password waits there until the window passes
    const there = await attempt(PASSWORD, "10.0.0.1");
    expect(there.statusCode).toBe(429);
    expect(there.json().message).toMatch(/Demasiadas tentativas/);
    expect((await attempt(PASSWORD, "10.0.1.1")).statusCode).toBe(200);
  });
});
