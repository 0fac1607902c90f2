import { expect, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import {
  createUserViaApi,
  elementScreenshot,
  isMobileProject,
  loginViaApi,
  NO_SESSION,
  screenshot,
  setTheme,
  type Theme,
} from "./helpers";
import { axeProblems, overflowProblems } from "./quality-checks";

// two logins, an enrolment and four screenshots per test, on a machine shared with other suites
test.describe.configure({ timeout: 240_000 });

/** what the person's phone shows, `steps` 30-second steps from now */
function codeOf(secret: string, steps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

/** six digits the server accepts for no step of its window (now, one before, one after) */
function wrongCodeOf(secret: string): string {
  const valid = new Set([-1, 0, 1].map((steps) => codeOf(secret, steps)));
  return ["000000", "111111", "222222", "333333"].find((c) => !valid.has(c))!;
}

/** the shared admin session may belong to another run's server: log in again when it does not work here */
async function ensureAdmin(page: Page) {
  const me = await page.request.get("/api/user");
  if (me.ok() && (await me.json()).role === "admin") return;
  await page.context().clearCookies();
  await loginViaApi(page);
}

/** serious WCAG problems and anything wider than the screen */
async function screenProblems(page: Page, where: string) {
  return [...(await axeProblems(page, where)), ...(await overflowProblems(page, where))];
}

async function passwordStep(page: Page, username: string, password: string) {
  await page.getByLabel("Utilizador", { exact: true }).fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByTestId("two-factor-login")).toBeVisible();
  await expect(page.getByText("Verificação em dois passos", { exact: true })).toBeVisible();
}

async function logOut(page: Page) {
  if (isMobileProject()) {
    await page.getByRole("button", { name: "Abrir menu" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Sair" }).click();
  } else {
    await page.getByRole("button", { name: /^Menu de / }).click();
    await page.getByRole("menuitem", { name: "Sair" }).click();
  }
  await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
}

test.beforeEach(async ({ page }) => ensureAdmin(page));

test("ativar a verificação em dois passos no Perfil e entrar com password e código", async ({
  page,
  browser,
  baseURL,
}) => {
  const username = `dois${isMobileProject() ? "m" : "d"}${Date.now().toString(36)}`;
  const user = await createUserViaApi(page, { username, password: "senha-forte-2" });
  // the person's own browser: never the shared admin session (a login there would end it)
  // (not newAppContext: its start script stores one theme at every load, and this test switches)
  const context = await browser.newContext({
    baseURL,
    storageState: NO_SESSION,
    viewport: page.viewportSize(),
    isMobile: isMobileProject(),
    hasTouch: isMobileProject(),
    locale: "pt-PT",
    timezoneId: "Europe/Lisbon",
  });
  const me = await context.newPage();
  try {
    await me.goto("/login");
    await me.getByLabel("Utilizador", { exact: true }).fill(user.username);
    await me.getByLabel("Password", { exact: true }).fill(user.password);
    await me.getByRole("button", { name: "Entrar" }).click();
    await expect(
      me.getByRole("button", { name: isMobileProject() ? "Abrir menu" : /^Menu de / }),
    ).toBeVisible();

    await me.goto("/profile");
    const card = me.getByTestId("two-factor-card");
    await expect(card.getByTestId("two-factor-state")).toHaveText("Desativada");
    let secret = "";
    for (const theme of ["light", "dark"] as Theme[]) {
      // each reload is a new QR (the earlier one, never confirmed, is replaced)
      await setTheme(me, theme);
      await card.getByRole("button", { name: "Ativar verificação em dois passos" }).click();
      await expect(
        card.getByRole("img", { name: "Código QR para a aplicação de autenticação" }),
      ).toBeVisible();
      secret = ((await card.getByTestId("two-factor-secret").textContent()) ?? "").replace(/\s+/g, "");
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await card.scrollIntoViewIfNeeded();
      await elementScreenshot(card, `two-factor-enrol-${theme}`);
      expect(await screenProblems(me, `Perfil, ativar 2FA (${theme})`)).toEqual([]);
    }

    // a wrong code is said beside the field, in Portuguese
    const codeField = card.getByLabel("2. Código de 6 algarismos que a aplicação mostra");
    await codeField.fill(wrongCodeOf(secret));
    await card.getByRole("button", { name: "Confirmar e ativar" }).click();
    await expect(card.getByText("Código inválido")).toBeVisible();
    await codeField.fill(codeOf(secret));
    await card.getByRole("button", { name: "Confirmar e ativar" }).click();
    const codes = card.getByTestId("recovery-codes");
    await expect(codes.getByRole("listitem")).toHaveCount(10);
    await expect(codes.getByRole("listitem").first()).toHaveText(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await elementScreenshot(card, "two-factor-recovery-codes-dark");
    await codes.getByRole("button", { name: "Já guardei os códigos" }).click();
    await expect(card.getByTestId("two-factor-state")).toHaveText("Ativa");
    await expect(card.getByText("Restam 10 códigos de recuperação por usar.")).toBeVisible();
    await screenshot(me, "two-factor-profile-on-dark");

    await logOut(me);
    // the code step, in both themes (a reload goes back to the password)
    for (const theme of ["light", "dark"] as Theme[]) {
      await setTheme(me, theme);
      await passwordStep(me, user.username, user.password);
      await expect(me.getByText("Sem o telemóvel? Use um dos seus códigos de recuperação.")).toBeVisible();
      await screenshot(me, `two-factor-login-code-${theme}`);
      expect(await screenProblems(me, `login, código (${theme})`)).toEqual([]);
    }
    // no session before the code
    expect((await me.request.get("/api/user")).status()).toBe(401);
    const field = me.getByLabel("Código", { exact: true });
    await field.fill(wrongCodeOf(secret));
    await me.getByRole("button", { name: "Verificar" }).click();
    await expect(me.getByRole("alert")).toHaveText("Código inválido");
    // the enrolment used this step's code: the next step's is still unused
    await field.fill(codeOf(secret, 1));
    await me.getByRole("button", { name: "Verificar" }).click();
    await expect(
      me.getByRole("button", { name: isMobileProject() ? "Abrir menu" : /^Menu de / }),
    ).toBeVisible();
    expect((await me.request.get("/api/user")).status()).toBe(200);

    // the admin's side: the list says who has 2FA, and "Editar" removes it (a lost phone)
    await page.goto("/admin");
    const row = page.getByTestId(`admin-user-${user.username}`).locator("visible=true");
    await expect(row.getByTestId("two-factor-badge")).toHaveText("2FA");
    await row.getByRole("button", { name: `Editar ${user.username}` }).click();
    const dialog = page.getByRole("dialog");
    const remove = dialog.getByRole("button", { name: "Remover verificação em dois passos" });
    await remove.click();
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: "Remover verificação em dois passos" })
      .click();
    await expect(remove).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(row.getByTestId("two-factor-badge")).toHaveText("Sem 2FA");
    const plain = await me.request.post("/api/login", {
      data: { username: user.username, password: user.password },
    });
    expect(await plain.json()).toMatchObject({ username: user.username, twoFactorEnabled: false });
  } finally {
    await context.close();
  }
});
