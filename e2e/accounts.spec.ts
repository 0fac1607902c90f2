import { type Browser, expect, type Page, test } from "@playwright/test";
import { WIDE_ONLY } from "./constants";
import {
  createUserViaApi,
  isMobileProject,
  loginViaApi,
  NO_SESSION,
  newAppContext,
  screenshot,
  screenshotBothThemes,
  type Theme,
} from "./helpers";

// several logins, dialogs and screenshots per test, on a machine shared with other suites
test.describe.configure({ timeout: 240_000 });

const DESKTOP_FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

function uniqueName(prefix: string): string {
  return `${prefix}${isMobileProject() ? "m" : "d"}${Date.now().toString(36)}`;
}

/** the shared admin session may belong to another run's server: log in again when it does not work here */
async function ensureAdmin(page: Page) {
  const me = await page.request.get("/api/user");
  if (me.ok() && (await me.json()).role === "admin") return;
  await page.context().clearCookies();
  await loginViaApi(page);
}

/** a second device of the same person: its own browser, its own session */
async function otherDevice(browser: Browser, baseURL: string, username: string, password: string) {
  const context = await browser.newContext({ baseURL, userAgent: DESKTOP_FIREFOX, storageState: NO_SESSION });
  const response = await context.request.post("/api/login", { data: { username, password } });
  expect(response.ok()).toBeTruthy();
  return context;
}

test.beforeEach(async ({ page }) => ensureAdmin(page));

test.describe("a minha conta", () => {
  test("ver as minhas sessões, terminar outra, e mudar a password", async ({ page, browser, baseURL }) => {
    const user = await createUserViaApi(page, { username: uniqueName("conta"), password: "antiga-123" });
    const laptop = await otherDevice(browser, baseURL!, user.username, user.password);
    const tablet = await otherDevice(browser, baseURL!, user.username, user.password);
    await page.context().clearCookies();
    await loginViaApi(page, user.username, user.password);

    await page.goto("/profile");
    const sessions = page.getByTestId("sessions-list");
    await expect(sessions.getByTestId("session-row")).toHaveCount(3);
    await expect(sessions.getByText("Este dispositivo")).toHaveCount(1);
    await expect(sessions.getByText(/Firefox 133 · Windows 10/)).toHaveCount(2);
    await screenshotBothThemes(page, "profile-sessions");

    // one other device signed out from its row
    await sessions
      .getByTestId("session-row")
      .filter({ hasText: "Firefox" })
      .first()
      .getByRole("button")
      .click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Terminar sessão" }).click();
    await expect(sessions.getByTestId("session-row")).toHaveCount(2);
    const stillIn = [await laptop.request.get("/api/user"), await tablet.request.get("/api/user")];
    expect(stillIn.map((r) => r.status()).sort()).toEqual([200, 401]);

    // the password: a wrong current one is said beside its field
    const form = page.getByTestId("password-form");
    await form.getByLabel("Password atual").fill("nao-e-esta");
    await form.getByLabel("Nova password", { exact: true }).fill("nova-senha-9");
    await form.getByLabel("Repita a nova password").fill("outra-coisa");
    await form.getByRole("button", { name: "Alterar password" }).click();
    await expect(form.getByText("As passwords não coincidem")).toBeVisible();
    await form.getByLabel("Repita a nova password").fill("nova-senha-9");
    await form.getByRole("button", { name: "Alterar password" }).click();
    await expect(form.getByText("A password atual está incorreta")).toBeVisible();
    await screenshot(page, "profile-password-error");

    await form.getByLabel("Password atual").fill("antiga-123");
    await form.getByRole("button", { name: "Alterar password" }).click();
    await expect(
      page.getByText("Password alterada. As outras sessões foram terminadas.").last(),
    ).toBeVisible();
    await expect(sessions.getByTestId("session-row")).toHaveCount(1);
    expect((await laptop.request.get("/api/user")).status()).toBe(401);
    expect((await tablet.request.get("/api/user")).status()).toBe(401);
    await expect(page.getByText(user.username).first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Perfil" })).toBeVisible();

    const fresh = await page.request.post("/api/login", {
      data: { username: user.username, password: "nova-senha-9" },
    });
    expect(fresh.ok()).toBeTruthy();
    await laptop.close();
    await tablet.close();
  });

  // the intermediate width is seen once: the phone project does not list it
  test("a 800 px, o cartão das sessões e o da password cabem sem corte", { tag: WIDE_ONLY }, async ({
    browser,
    baseURL,
    page,
  }) => {
    const user = await createUserViaApi(page, { username: uniqueName("largo"), password: "segura-800" });
    for (const theme of ["light", "dark"] as Theme[]) {
      const context = await newAppContext(browser, {
        baseURL: baseURL!,
        viewport: { width: 800, height: 1000 },
        phone: false,
        theme,
      });
      const p = await context.newPage();
      await loginViaApi(p, user.username, user.password);
      await p.goto("/profile");
      await expect(p.getByTestId("session-row")).toHaveCount(1);
      const card = p.getByTestId("password-form");
      const box = await card.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(800);
      await screenshot(p, `profile-800-${theme}`);
      await p.request.post("/api/logout");
      await context.close();
    }
  });
});

test.describe("administração de contas", () => {
  test("gerar uma password nova, desativar a conta e voltar a ativá-la", async ({
    page,
    browser,
    baseURL,
  }) => {
    const user = await createUserViaApi(page, { username: uniqueName("equipa"), password: "primeira-1" });
    const phone = await otherDevice(browser, baseURL!, user.username, user.password);

    await page.goto("/admin");
    const row = page.getByTestId(`admin-user-${user.username}`).locator("visible=true");
    await row.getByRole("button", { name: `Editar ${user.username}` }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: `Editar ${user.username}` })).toBeVisible();
    await dialog.getByRole("button", { name: "Gerar nova password" }).click();
    const shown = dialog.getByTestId("generated-password").locator("code");
    await expect(shown).toHaveText(/^[A-Za-z2-9]{12}$/);
    const generated = (await shown.textContent())!;
    await screenshot(page, "admin-edit-user-generated");
    expect((await phone.request.get("/api/user")).status()).toBe(401);

    // the account off: the switch, saved
    await dialog.getByRole("switch", { name: "Conta ativa" }).click();
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText("Desativada")).toBeVisible();
    await screenshot(page, "admin-user-disabled");

    const refused = await browser.newContext({ baseURL, storageState: NO_SESSION });
    const refusedPage = await refused.newPage();
    await refusedPage.goto("/login");
    await refusedPage.getByLabel("Utilizador", { exact: true }).fill(user.username);
    await refusedPage.getByLabel("Password", { exact: true }).fill(generated);
    await refusedPage.getByRole("button", { name: "Entrar" }).click();
    await expect(
      refusedPage.getByText("Esta conta está desativada. Fale com o administrador."),
    ).toBeVisible();
    await screenshot(refusedPage, "login-disabled-account");

    // on again, with a typed password
    await row.getByRole("button", { name: `Editar ${user.username}` }).click();
    await dialog.getByRole("switch", { name: "Conta ativa" }).click();
    await dialog.getByLabel("Nova password").fill("escolhida-22");
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText("Desativada")).toHaveCount(0);
    const back = await refused.request.post("/api/login", {
      data: { username: user.username, password: "escolhida-22" },
    });
    expect(back.ok()).toBeTruthy();
    await refused.close();
    await phone.close();
  });

  test("a própria conta não tem o interruptor ativo", async ({ page }) => {
    await page.goto("/admin");
    const me = (await (await page.request.get("/api/user")).json()) as { username: string };
    const row = page.getByTestId(`admin-user-${me.username}`).locator("visible=true");
    await row.getByRole("button", { name: `Editar ${me.username}` }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("switch", { name: "Conta ativa" })).toBeDisabled();
    await expect(dialog.getByText("Não pode desativar a própria conta")).toBeVisible();
    await screenshotBothThemes(page, "admin-edit-self", () =>
      page
        .getByTestId(`admin-user-${me.username}`)
        .locator("visible=true")
        .getByRole("button", { name: `Editar ${me.username}` })
        .click(),
    );
  });
});
