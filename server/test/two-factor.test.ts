import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginChallenges, totpRecoveryCodes } from "../src/db/schema.js";
import { ENROL_FIRST } from "../src/plugins/auth.js";
import { CHALLENGE_EXPIRED, INVALID_CODE, REUSED_CODE } from "../src/services/two-factor.js";
import { createTestApp, dbKinds, PASSWORD, type TestApp } from "./harness.js";
import { recordingEngine } from "./product-fixtures.js";

/** what the user's phone shows for `secret`, `steps` 30-second steps from now */
function codeOf(secret: string, steps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

/** a six-digit code that is not the app's for any step the server accepts now */
function wrongCodeOf(secret: string): string {
  const valid = new Set([-1, 0, 1].map((s) => codeOf(secret, s)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, "0");
    if (!valid.has(candidate)) return candidate;
  }
}

describe.each(dbKinds())("two-factor sign-in (%s)", (kind) => {
  let t: TestApp;
  let admin: string;
  let address = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, { engine: recordingEngine() });
    await t.createUser({ username: "chefe", role: "admin" });
    admin = await t.login("chefe");
  });
  afterAll(() => t.close());

  type Method = "GET" | "POST" | "PUT" | "DELETE";
  const call = (method: Method, url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  /** each login from an address of its own, unless one is given: the per-address limit is tested apart */
  async function passwordStep(username: string, remoteAddress = `10.88.${address >> 8}.${address++ & 255}`) {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username, password: PASSWORD },
      remoteAddress,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { res, challenge: res.json().challenge as string | undefined };
  }

  async function codeStep(challenge: string, code: string, remoteAddress = "10.99.0.1") {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/login/two-factor",
      payload: { challenge, code },
      remoteAddress,
    });
    const sid = res.cookies.find((c) => c.name === "sid");
    return { res, cookie: sid ? `sid=${sid.value}` : "" };
  }

  /** a user with 2FA on: its secret, recovery codes and a session */
  async function enrolled(username: string, role: "admin" | "user" = "user") {
    const id = await t.createUser({ username, role });
    const cookie = await t.login(username);
    const setup = await call("POST", "/api/user/two-factor/setup", cookie);
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json();
    const confirm = await call("POST", "/api/user/two-factor/confirm", cookie, { code: codeOf(secret) });
    expect(confirm.statusCode, confirm.body).toBe(200);
    return { id, cookie, secret: secret as string, recoveryCodes: confirm.json().recoveryCodes as string[] };
  }

  it("enrols: a pending secret with its QR, a wrong code refused, the right one turns it on with 10 recovery codes", async () => {
    await t.createUser({ username: "ana" });
    const ana = await t.login("ana");
    const setup = await call("POST", "/api/user/two-factor/setup", ana);
    expect(setup.statusCode).toBe(200);
    const { secret, uri, qrCode } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/Stock%20Monitor:ana?issuer=Stock%20Monitor&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(",")[1], "base64").toString()).toContain("<svg");
    // pending is not on: the password alone still signs in
    expect((await call("GET", "/api/user/two-factor", ana)).json()).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    expect((await passwordStep("ana")).challenge).toBeUndefined();

    const wrong = await call("POST", "/api/user/two-factor/confirm", ana, { code: wrongCodeOf(secret) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(INVALID_CODE);
    const malformed = await call("POST", "/api/user/two-factor/confirm", ana, { code: "12ab" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe("Indique o código de 6 algarismos");
    expect((await call("GET", "/api/user/two-factor", ana)).json().enabled).toBe(false);

    // typed with a space, as the app shows it
    const code = codeOf(secret);
    const ok = await call("POST", "/api/user/two-factor/confirm", ana, {
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const { recoveryCodes } = ok.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await call("GET", "/api/user/two-factor", ana)).json()).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    expect((await call("GET", "/api/user", ana)).json().twoFactorEnabled).toBe(true);
    // only hashes are kept
    const stored = await t.database.db.select().from(totpRecoveryCodes);
    const storedText = JSON.stringify(stored);
    for (const c of recoveryCodes) expect(storedText).not.toContain(c.replace("-", ""));
    // on is on: no second QR until it is turned off
    expect((await call("POST", "/api/user/two-factor/setup", ana)).statusCode).toBe(409);
  });

  it("login with 2FA: the password opens no session, the code does, and the same code is refused twice", async () => {
    const { secret } = await enrolled("bruno");
    const first = await passwordStep("bruno");
    expect(first.res.json()).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    expect(first.res.cookies.find((c) => c.name === "sid")).toBeUndefined();

    const wrong = await codeStep(first.challenge!, wrongCodeOf(secret));
    expect(wrong.res.statusCode).toBe(401);
    expect(wrong.res.json().message).toBe(INVALID_CODE);
    expect(wrong.cookie).toBe("");

    // the enrolment used this step's code: the next step's is the one still unused
    const code = codeOf(secret, 1);
    const right = await codeStep(first.challenge!, code);
    expect(right.res.statusCode, right.res.body).toBe(200);
    expect(right.res.json()).toMatchObject({ username: "bruno", twoFactorEnabled: true });
    expect((await call("GET", "/api/user", right.cookie)).statusCode).toBe(200);

    // a challenge is good for one login
    expect((await codeStep(first.challenge!, code)).res.json().message).toBe(CHALLENGE_EXPIRED);
    // and a code for one login: seen over the shoulder, it does not sign in again
    const second = await passwordStep("bruno");
    const replay = await codeStep(second.challenge!, code);
    expect(replay.res.statusCode).toBe(401);
    expect(replay.res.json().message).toBe(REUSED_CODE);
    expect(replay.cookie).toBe("");
  });

  it("a recovery code signs in once, typed in any case; a challenge ends after 5 minutes", async () => {
    const { recoveryCodes, cookie } = await enrolled("carla");
    const [code] = recoveryCodes;
    const first = await codeStep((await passwordStep("carla")).challenge!, ` ${code.toUpperCase()} `);
    expect(first.res.statusCode, first.res.body).toBe(200);
    const again = await codeStep((await passwordStep("carla")).challenge!, code);
    expect(again.res.statusCode).toBe(401);
    expect(again.res.json().message).toBe(INVALID_CODE);
    expect((await call("GET", "/api/user/two-factor", cookie)).json().recoveryCodesLeft).toBe(9);

    const late = await passwordStep("carla");
    await t.database.db.update(loginChallenges).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await codeStep(late.challenge!, recoveryCodes[1]);
    expect(expired.res.statusCode).toBe(401);
    expect(expired.res.json().message).toBe(CHALLENGE_EXPIRED);
    expect((await call("GET", "/api/user/two-factor", cookie)).json().recoveryCodesLeft).toBe(9);
  });

  it("wrong codes count as failed logins: after 10 from one address it is refused, right code included", async () => {
    const { secret, recoveryCodes } = await enrolled("duarte");
    const here = "10.66.0.1";
    // the password step is an attempt too, counted until its code comes: 1 + 5 wrong codes
    const first = await passwordStep("duarte", here);
    for (let i = 0; i < 5; i++) {
      expect((await codeStep(first.challenge!, wrongCodeOf(secret), here)).res.statusCode).toBe(401);
    }
    // five wrong codes end that challenge
    expect((await codeStep(first.challenge!, recoveryCodes[0], here)).res.json().message).toBe(
      CHALLENGE_EXPIRED,
    );
    const second = await passwordStep("duarte", here);
    for (let i = 0; i < 3; i++) {
      expect((await codeStep(second.challenge!, wrongCodeOf(secret), here)).res.statusCode).toBe(401);
    }
    const refused = await codeStep(second.challenge!, recoveryCodes[0], here);
    expect(refused.res.statusCode).toBe(429);
    expect(refused.cookie).toBe("");
    // the owner elsewhere is not locked out, and the refused code was not spent
    const elsewhere = await codeStep(
      (await passwordStep("duarte")).challenge!,
      recoveryCodes[0],
      "10.66.0.2",
    );
    expect(elsewhere.res.statusCode, elsewhere.res.body).toBe(200);
  });

  it("turning it off takes the password and a code; then the password alone signs in", async () => {
    const { cookie, secret, recoveryCodes } = await enrolled("eva");
    const wrongPassword = await call("POST", "/api/user/two-factor/disable", cookie, {
      password: "nao-e-esta",
      code: codeOf(secret, 1),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().message).toBe("A password está incorreta");
    const wrongCode = await call("POST", "/api/user/two-factor/disable", cookie, {
      password: PASSWORD,
      code: wrongCodeOf(secret),
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().errors).toContainEqual({ path: "code", message: INVALID_CODE });
    expect((await call("GET", "/api/user/two-factor", cookie)).json().enabled).toBe(true);

    const off = await call("POST", "/api/user/two-factor/disable", cookie, {
      password: PASSWORD,
      code: recoveryCodes[0],
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await call("GET", "/api/user/two-factor", cookie)).json()).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    const plain = await passwordStep("eva");
    expect(plain.challenge).toBeUndefined();
    expect(plain.res.json().twoFactorEnabled).toBe(false);
    expect(plain.res.cookies.find((c) => c.name === "sid")).toBeDefined();
  });

  it("new recovery codes take the password; the old ones stop working", async () => {
    const { cookie, recoveryCodes } = await enrolled("filipa");
    const wrong = await call("POST", "/api/user/two-factor/recovery-codes", cookie, {
      password: "nao-e-esta",
    });
    expect(wrong.statusCode).toBe(400);
    const fresh = await call("POST", "/api/user/two-factor/recovery-codes", cookie, { password: PASSWORD });
    expect(fresh.statusCode).toBe(200);
    const newCodes: string[] = fresh.json().recoveryCodes;
    expect(newCodes).toHaveLength(10);
    expect(newCodes).not.toContain(recoveryCodes[0]);
    expect((await codeStep((await passwordStep("filipa")).challenge!, recoveryCodes[0])).res.statusCode).toBe(
      401,
    );
    expect((await codeStep((await passwordStep("filipa")).challenge!, newCodes[0])).res.statusCode).toBe(200);
  });

  it("an admin removes a user's 2FA (lost phone and codes); the users list shows who has it", async () => {
    const { id } = await enrolled("gil");
    const listed = (await call("GET", "/api/admin/users", admin)).json() as {
      id: number;
      twoFactorEnabled: boolean;
    }[];
    expect(listed.find((u) => u.id === id)?.twoFactorEnabled).toBe(true);
    await t.createUser({ username: "hugo" });
    const notAdmin = await t.login("hugo");
    expect((await call("DELETE", `/api/admin/users/${id}/two-factor`, notAdmin)).statusCode).toBe(403);

    const removed = await call("DELETE", `/api/admin/users/${id}/two-factor`, admin);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ id, twoFactorEnabled: false });
    expect((await call("DELETE", "/api/admin/users/999999/two-factor", admin)).statusCode).toBe(404);
    const plain = await passwordStep("gil");
    expect(plain.challenge).toBeUndefined();
    expect(plain.res.json().username).toBe("gil");
  });

  it("API tokens are credentials of their own: no code is asked of them", async () => {
    const { cookie } = await enrolled("helena");
    const created = await call("POST", "/api/tokens", cookie, { name: "script", scopes: ["read"] });
    expect(created.statusCode, created.body).toBe(201);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/products",
      headers: { authorization: `Bearer ${created.json().token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("admins' policy: only an admin with 2FA turns it on; an admin without it may only enrol", async () => {
    const policyOn = { global: { requireAdminTwoFactor: true } };
    const refused = await call("PUT", "/api/settings", admin, policyOn);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^Ative primeiro a sua própria verificação em dois passos/);
    expect((await call("GET", "/api/settings", admin)).json().global.requireAdminTwoFactor).toBe(false);

    // the second admin's script token, made before the policy
    await t.createUser({ username: "vice", role: "admin" });
    const vice = await t.login("vice");
    const token = (await call("POST", "/api/tokens", vice, { name: "script", scopes: ["read"] })).json()
      .token;

    const boss = await enrolled("patroa", "admin");
    const on = await call("PUT", "/api/settings", boss.cookie, policyOn);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().global.requireAdminTwoFactor).toBe(true);

    try {
      // signed in, but every route but the enrolment's answers 403
      for (const [method, url] of [
        ["GET", "/api/products"],
        ["GET", "/api/admin/users"],
        ["PUT", "/api/settings"],
        ["GET", "/api/tokens"],
      ] as const) {
        const res = await call(
          method,
          url,
          vice,
          method === "PUT" ? { user: { weeklyReport: false } } : undefined,
        );
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().message).toBe(ENROL_FIRST);
      }
      for (const url of ["/api/user", "/api/settings", "/api/platforms", "/api/user/two-factor"]) {
        expect((await call("GET", url, vice)).statusCode, url).toBe(200);
      }
      // a plain user is not concerned, nor the admin's token
      await t.createUser({ username: "ivo" });
      expect((await call("GET", "/api/products", await t.login("ivo"))).statusCode).toBe(200);
      const byToken = await t.app.inject({
        method: "GET",
        url: "/api/products",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(byToken.statusCode).toBe(200);

      // enrolment is open, and then everything is
      const { secret } = (await call("POST", "/api/user/two-factor/setup", vice)).json();
      const confirmed = await call("POST", "/api/user/two-factor/confirm", vice, { code: codeOf(secret) });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect((await call("GET", "/api/products", vice)).statusCode).toBe(200);
      expect((await call("POST", "/api/logout", vice)).statusCode).toBe(200);
    } finally {
      const off = await call("PUT", "/api/settings", boss.cookie, {
        global: { requireAdminTwoFactor: false },
      });
      expect(off.statusCode).toBe(200);
    }
    expect((await call("GET", "/api/products", admin)).statusCode).toBe(200);
  });

  it("the enrolment's rows go with the user: nothing is left of a deleted account", async () => {
    const { id } = await enrolled("joana");
    await passwordStep("joana");
    expect((await call("DELETE", `/api/admin/users/${id}`, admin)).statusCode).toBe(200);
    expect(
      await t.database.db.select().from(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, id)),
    ).toEqual([]);
    expect(await t.database.db.select().from(loginChallenges).where(eq(loginChallenges.userId, id))).toEqual(
      [],
    );
  });
});
