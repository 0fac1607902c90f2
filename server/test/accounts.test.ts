import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monitorTargets, products, sessions } from "../src/db/schema.js";
import {
  adoptUntargeted,
  leaseDue,
  makeDueNow,
  msUntilNextDue,
  releaseLeases,
  writeBatch,
} from "../src/engine/store.js";
import { createTestApp, dbKinds, eventually, PASSWORD, type TestApp } from "./harness.js";
import { recordingEngine, zaraProduct } from "./product-fixtures.js";

const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const DESKTOP_UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

describe.each(dbKinds())("accounts: passwords, disabled accounts, sessions (%s)", (kind) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let address = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, { engine: recordingEngine() });
    adminId = await t.createUser({ username: "chefe", role: "admin" });
    admin = await t.login("chefe");
  });
  afterAll(() => t.close());

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  /** a login from a device of its own (user agent and address) */
  async function loginFrom(username: string, userAgent: string, password = PASSWORD) {
    address += 1;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "user-agent": userAgent },
      payload: { username, password },
      remoteAddress: `10.77.0.${address}`,
    });
    const cookie = res.cookies.find((c) => c.name === "sid");
    return { res, cookie: cookie ? `sid=${cookie.value}` : "" };
  }

  const signedIn = async (cookie: string) => (await call("GET", "/api/user", cookie)).statusCode === 200;

  describe("changing one's own password", () => {
    it("refuses a wrong current password and a new one typed differently, changing nothing", async () => {
      await t.createUser({ username: "rita" });
      const rita = await t.login("rita");
      const wrong = await call("PUT", "/api/user/password", rita, {
        currentPassword: "nao-e-esta",
        newPassword: "nova-senha-1",
        confirmPassword: "nova-senha-1",
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe("A password atual está incorreta");
      const mismatch = await call("PUT", "/api/user/password", rita, {
        currentPassword: PASSWORD,
        newPassword: "nova-senha-1",
        confirmPassword: "nova-senha-2",
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().errors).toContainEqual({
        path: "confirmPassword",
        message: "As passwords não coincidem",
      });
      const short = await call("PUT", "/api/user/password", rita, {
        currentPassword: PASSWORD,
        newPassword: "123",
        confirmPassword: "123",
      });
      expect(short.json().message).toBe("Password deve ter pelo menos 6 caracteres");
      expect((await loginFrom("rita", DESKTOP_UA)).res.statusCode).toBe(200);
    });

    it("ends my other sessions and keeps this one; only the new password signs in", async () => {
      await t.createUser({ username: "sofia" });
      const here = await t.login("sofia");
      const phone = await t.login("sofia");
      const res = await call("PUT", "/api/user/password", here, {
        currentPassword: PASSWORD,
        newPassword: "outra-senha-7",
        confirmPassword: "outra-senha-7",
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await signedIn(here)).toBe(true);
      expect(await signedIn(phone)).toBe(false);
      expect((await loginFrom("sofia", DESKTOP_UA)).res.statusCode).toBe(401);
      expect((await loginFrom("sofia", DESKTOP_UA, "outra-senha-7")).res.statusCode).toBe(200);
    });
  });

  describe("an admin edits a user", () => {
    it("resets a password, shown once: the user's sessions end and the new one signs in", async () => {
      const id = await t.createUser({ username: "tiago" });
      const tiago = await t.login("tiago");
      const res = await call("POST", `/api/admin/users/${id}/reset-password`, admin);
      expect(res.statusCode).toBe(200);
      const { password } = res.json();
      expect(password).toMatch(/^[A-Za-z2-9]{12}$/);
      expect(await signedIn(tiago)).toBe(false);
      expect((await loginFrom("tiago", DESKTOP_UA)).res.statusCode).toBe(401);
      expect((await loginFrom("tiago", DESKTOP_UA, password)).res.statusCode).toBe(200);
      // nothing else in the answers names it again
      expect((await call("GET", "/api/admin/users", admin)).body).not.toContain(password);
    });

    it("sets a typed password, and edits name, e-mail and role", async () => {
      const id = await t.createUser({ username: "ulisses" });
      const res = await call("PUT", `/api/admin/users/${id}`, admin, {
        password: "escolhida-1",
        fullName: "Ulisses Costa",
        email: "ulisses@exemplo.pt",
        role: "admin",
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        fullName: "Ulisses Costa",
        email: "ulisses@exemplo.pt",
        role: "admin",
      });
      expect((await loginFrom("ulisses", DESKTOP_UA, "escolhida-1")).res.statusCode).toBe(200);
      await call("PUT", `/api/admin/users/${id}`, admin, { role: "user" });
    });

    it("disables an account: its sessions end, it cannot sign in, its books stay; enabling brings it back", async () => {
      const id = await t.createUser({ username: "vera", monitorLimit: 5 });
      const vera = await t.login("vera");
      expect((await call("POST", "/api/products", vera, zaraProduct())).statusCode).toBe(201);
      expect((await call("POST", "/api/inventory", vera, { name: "Casaco", price: "30" })).statusCode).toBe(
        201,
      );

      const off = await call("PUT", `/api/admin/users/${id}`, admin, { disabled: true });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().disabledAt).toEqual(expect.any(String));
      expect(await signedIn(vera)).toBe(false);
      const refused = await loginFrom("vera", DESKTOP_UA);
      expect(refused.res.statusCode).toBe(403);
      expect(refused.res.json().message).toBe("Esta conta está desativada. Fale com o administrador.");
      expect(refused.cookie).toBe("");
      // a wrong password still says only that the credentials are wrong
      expect((await loginFrom("vera", DESKTOP_UA, "errada")).res.statusCode).toBe(401);

      const on = await call("PUT", `/api/admin/users/${id}`, admin, { disabled: false });
      expect(on.json().disabledAt).toBeNull();
      const back = await loginFrom("vera", DESKTOP_UA);
      expect(back.res.statusCode).toBe(200);
      expect((await call("GET", "/api/products", back.cookie)).json()).toHaveLength(1);
      expect((await call("GET", "/api/inventory", back.cookie)).json()).toHaveLength(1);
    });

    it("never disables themself, and a disabled admin does not count as the admin who is left", async () => {
      const self = await call("PUT", `/api/admin/users/${adminId}`, admin, { disabled: true });
      expect(self.statusCode).toBe(400);
      expect(self.json().message).toBe("Não pode desativar a própria conta");

      const other = await t.createUser({ username: "xavier", role: "admin" });
      await call("PUT", `/api/admin/users/${other}`, admin, { disabled: true });
      const demote = await call("PUT", `/api/admin/users/${adminId}`, admin, { role: "user" });
      expect(demote.statusCode).toBe(400);
      expect(demote.json().message).toBe("Não é possível remover o último administrador");
      // a disabled admin may be deleted while one who can sign in is left
      expect((await call("DELETE", `/api/admin/users/${other}`, admin)).statusCode).toBe(200);
    });

    it("lets a second admin disable the first: the first's sessions end", async () => {
      const other = await t.createUser({ username: "xico", role: "admin" });
      const xico = await t.login("xico");
      expect((await call("PUT", `/api/admin/users/${adminId}`, xico, { disabled: true })).statusCode).toBe(
        200,
      );
      expect(await signedIn(admin)).toBe(false);
      await call("PUT", `/api/admin/users/${adminId}`, xico, { disabled: false });
      admin = await t.login("chefe");
      await call("DELETE", `/api/admin/users/${other}`, admin);
    });

    it("stops checking a disabled account's monitors and starts again when it is enabled", async () => {
      const id = await t.createUser({ username: "wanda", monitorLimit: 5 });
      const wanda = await t.login("wanda");
      const created = await call("POST", "/api/products", wanda, zaraProduct());
      const productId = created.json().id as number;
      const db = t.database.db;
      await adoptUntargeted(db, 100);
      // only this product's target is due: the others are moved an hour ahead
      await db.update(products).set({ nextCheckAt: sql`now() + interval '1 hour'` });
      await db.update(monitorTargets).set({ nextCheckAt: sql`now() + interval '1 hour'` });
      await makeDueNow(db, productId);

      await call("PUT", `/api/admin/users/${id}`, admin, { disabled: true });
      const leased = await leaseDue(db, "teste", 10, 60_000);
      // its target (which others may watch too, not due) comes back without it
      expect(leased.flatMap((target) => target.watchers.map((p) => p.id))).not.toContain(productId);
      const none = { settled: [], checks: [], activities: [], alerts: [] };
      await writeBatch(
        db,
        "teste",
        { targets: leased.map((x) => ({ id: x.id, next: null })), ...none },
        60_000,
      );
      expect((await msUntilNextDue(db)) ?? Number.POSITIVE_INFINITY).toBeGreaterThan(60_000);

      await call("PUT", `/api/admin/users/${id}`, admin, { disabled: false });
      const again = await leaseDue(db, "teste", 10, 60_000);
      expect(again.flatMap((target) => target.watchers.map((p) => p.id))).toContain(productId);
      await releaseLeases(db, "teste");
    });
  });

  describe("my sessions", () => {
    it("lists my signed-in devices, this one marked, another user's never", async () => {
      await t.createUser({ username: "yara" });
      const phone = await loginFrom("yara", PHONE_UA);
      const desk = await loginFrom("yara", DESKTOP_UA);
      await loginFrom("chefe", PHONE_UA);
      const res = await call("GET", "/api/user/sessions", desk.cookie);
      expect(res.statusCode).toBe(200);
      const list = res.json();
      expect(list).toHaveLength(2);
      const byBrowser = Object.fromEntries(list.map((s: { browser: string }) => [s.browser, s]));
      expect(byBrowser["Firefox 133"]).toMatchObject({ os: "Windows 10", device: "desktop", current: true });
      expect(byBrowser["Chrome 131"]).toMatchObject({ os: "Android 14", device: "mobile", current: false });
      expect(res.body).not.toMatch(/"[0-9a-f]{64}"/); // never a session's stored id
      expect(phone.cookie).not.toBe("");
    });

    it("ends one of my other sessions by its id; someone else's id answers 404 and ends nothing", async () => {
      await t.createUser({ username: "zelia" });
      const phone = await loginFrom("zelia", PHONE_UA);
      const desk = await loginFrom("zelia", DESKTOP_UA);
      const list = (await call("GET", "/api/user/sessions", desk.cookie)).json();
      const phoneId = list.find((s: { current: boolean }) => !s.current).id;

      const stranger = await t.login("chefe");
      const foreign = await call("DELETE", `/api/user/sessions/${phoneId}`, stranger);
      expect(foreign.statusCode).toBe(404);
      expect(await signedIn(phone.cookie)).toBe(true);

      const bad = await call("DELETE", "/api/user/sessions/nao-e-um-id", desk.cookie);
      expect(bad.statusCode).toBe(400);

      const ended = await call("DELETE", `/api/user/sessions/${phoneId}`, desk.cookie);
      expect(ended.statusCode).toBe(200);
      expect(await signedIn(phone.cookie)).toBe(false);
      expect(await signedIn(desk.cookie)).toBe(true);
    });

    it("ends every other session at once, keeping this one", async () => {
      await t.createUser({ username: "amelia" });
      const a = await loginFrom("amelia", PHONE_UA);
      const b = await loginFrom("amelia", PHONE_UA);
      const here = await loginFrom("amelia", DESKTOP_UA);
      const res = await call("POST", "/api/user/sessions/end-others", here.cookie);
      expect(res.json()).toEqual({ ended: 2 });
      expect(await signedIn(a.cookie)).toBe(false);
      expect(await signedIn(b.cookie)).toBe(false);
      expect(await signedIn(here.cookie)).toBe(true);
    });

    it("moves 'last seen' on when a session is used after a while", async () => {
      const uid = await t.createUser({ username: "bruna" });
      const s = await loginFrom("bruna", DESKTOP_UA);
      await t.database.db
        .update(sessions)
        .set({ lastSeenAt: sql`now() - interval '2 hours'` })
        .where(eq(sessions.userId, uid));
      expect(await signedIn(s.cookie)).toBe(true);
      await eventually(async () => {
        const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, uid));
        expect(Date.now() - row.lastSeenAt.getTime()).toBeLessThan(60_000);
      });
    });
  });
});
