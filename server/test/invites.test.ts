import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invites } from "../src/db/schema.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";

describe.each(dbKinds())("invite links (%s)", (kind) => {
  let t: TestApp;
  let admin: string;
  let user: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.createUser({ username: "chefe", role: "admin" });
    await t.createUser({ username: "ana" });
    admin = await t.login("chefe");
    user = await t.login("ana");
  });
  afterAll(() => t.close());

  const call = (method: "GET" | "POST" | "DELETE", url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  const invite = async (body: object = {}) => {
    const res = await call("POST", "/api/admin/invites", admin, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { token: string; invite: { id: number; expiresAt: string } };
  };

  const accept = (token: string, username: string, password = "minha-senha-1", confirm = password) =>
    call("POST", `/api/invites/${token}/accept`, undefined, { username, password, confirmPassword: confirm });

  it("an admin creates a 7-day link; the person chooses a name and password and is signed in", async () => {
    const { token, invite: created } = await invite({ role: "user", monitorLimit: 7, note: "Para a Joana" });
    const days = (new Date(created.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const pending = (await call("GET", "/api/admin/invites", admin)).json();
    expect(pending).toContainEqual(
      expect.objectContaining({ id: created.id, note: "Para a Joana", createdBy: "chefe" }),
    );
    // the stored row holds the token's hash only
    const [row] = await t.database.db.select().from(invites).where(eq(invites.id, created.id));
    expect(row.tokenHash).not.toContain(token);

    const check = await call("GET", `/api/invites/${token}`);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ role: "user" });

    const res = await accept(token, "  joana  ");
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ username: "joana", role: "user", monitorLimit: 7 });
    const cookie = res.cookies.find((c) => c.name === "sid");
    const me = await call("GET", "/api/user", `sid=${cookie!.value}`);
    expect(me.json().username).toBe("joana");
    // used up: not pending any more, not usable again
    expect(
      (await call("GET", "/api/admin/invites", admin)).json().map((i: { id: number }) => i.id),
    ).not.toContain(created.id);
    expect((await call("GET", `/api/invites/${token}`)).statusCode).toBe(404);
    const again = await accept(token, "outra-joana");
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe("Convite inválido ou expirado");
  });

  it("gives the role the admin chose", async () => {
    const { token } = await invite({ role: "admin" });
    const res = await accept(token, "nova-admin");
    expect(res.json().role).toBe("admin");
  });

  it("refuses a taken name, a short password or passwords that differ, and the link stays usable", async () => {
    const { token } = await invite();
    const taken = await accept(token, "ANA");
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("Nome de utilizador já existe");
    expect((await accept(token, "bruno", "123")).json().message).toBe(
      "Password deve ter pelo menos 6 caracteres",
    );
    const differ = await accept(token, "bruno", "segura-12", "segura-13");
    expect(differ.statusCode).toBe(400);
    expect(differ.json().errors).toContainEqual({
      path: "confirmPassword",
      message: "As passwords não coincidem",
    });
    expect((await call("GET", `/api/invites/${token}`)).statusCode).toBe(200);
    expect((await accept(token, "bruno")).statusCode).toBe(201);
  });

  it("an expired or revoked link creates nothing", async () => {
    const expired = await invite();
    await t.database.db
      .update(invites)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(invites.id, expired.invite.id));
    expect((await call("GET", `/api/invites/${expired.token}`)).statusCode).toBe(404);
    expect((await accept(expired.token, "carla")).statusCode).toBe(404);

    const revoked = await invite();
    expect((await call("DELETE", `/api/admin/invites/${revoked.invite.id}`, admin)).statusCode).toBe(200);
    expect((await accept(revoked.token, "carla")).statusCode).toBe(404);
    expect((await call("DELETE", `/api/admin/invites/${revoked.invite.id}`, admin)).statusCode).toBe(404);
    const login = await call("POST", "/api/login", undefined, {
      username: "carla",
      password: "minha-senha-1",
    });
    expect(login.statusCode).toBe(401);
  });

  it("one link used twice at once makes one account", async () => {
    const { token } = await invite();
    const results = await Promise.all([accept(token, "duarte"), accept(token, "diogo")]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 404]);
  });

  it("only admins create, list and revoke invites", async () => {
    expect((await call("POST", "/api/admin/invites", user, {})).statusCode).toBe(403);
    expect((await call("GET", "/api/admin/invites", user)).statusCode).toBe(403);
    expect((await call("GET", "/api/admin/invites")).statusCode).toBe(401);
    const bad = await call("POST", "/api/admin/invites", admin, { monitorLimit: 500 });
    expect(bad.json().message).toBe("Limite máximo é 100");
  });
});
