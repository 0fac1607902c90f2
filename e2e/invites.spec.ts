import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  isMobileProject,
  loginViaApi,
  NO_SESSION,
  screenshot,
  screenshotBothThemes,
  type Theme,
} from "./helpers";

// dialogs, a second browser and screenshots in both themes, on a machine shared with other suites
test.describe.configure({ timeout: 240_000 });

function uniqueName(prefix: string): string {
  return `${prefix}${isMobileProject() ? "m" : "d"}${Date.now().toString(36)}`;
}

async function ensureAdmin(page: Page) {
  const me = await page.request.get("/api/user");
  if (me.ok() && (await me.json()).role === "admin") return;
  await page.context().clearCookies();
  await loginViaApi(page);
}

/** an open dialog would close on reload: the theme's class is switched in place for its picture */
async function screenshotInPlace(page: Page, name: string) {
  for (const theme of ["light", "dark"] as Theme[]) {
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
    await screenshot(page, `${name}-${theme}`);
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

/** pictures in both themes, only when taken: after each reload, `ready` shows first */
const bothThemes = (page: Page, name: string, ready: Locator) =>
  screenshotBothThemes(page, name, () => expect(ready).toBeVisible());

test.beforeEach(async ({ page }) => ensureAdmin(page));

test("convite: o admin cria um link, a pessoa escolhe nome e password e entra; o link não serve outra vez", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  const note = uniqueName("Para a Joana ");
  await page.goto("/admin");
  await page.getByRole("button", { name: "Convidar" }).click({ timeout: 30_000 });
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("válido durante 7 dias")).toBeVisible();
  await dialog.getByLabel("Limite de monitores").fill("5");
  await dialog.getByLabel("Para quem (opcional)").fill(note);
  await screenshotInPlace(page, "invite-dialog");
  await dialog.getByRole("button", { name: "Criar link" }).click();
  const link = (await dialog.getByTestId("invite-link").textContent()) ?? "";
  expect(link).toMatch(new RegExp(`^${baseURL}/invite/[\\w-]{20,}$`));
  await dialog.getByRole("button", { name: "Copiar link" }).click();
  await expect(page.getByText("Link copiado")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await screenshotInPlace(page, "invite-created");
  await dialog.getByRole("button", { name: "Concluído" }).click();

  const pending = page.getByTestId("pending-invites");
  const row = pending.getByTestId("invite-row").filter({ hasText: note });
  await expect(row).toContainText("5 monitores");
  await expect(row).toContainText("criado por admin");
  await bothThemes(page, "invite-pending", row);

  // the invited person: another browser, no session
  const context = await browser.newContext({
    baseURL,
    locale: "pt-PT",
    storageState: NO_SESSION,
    ...sizeOf(page),
  });
  const guest = await context.newPage();
  await guest.goto(link);
  await expect(guest.getByText("Foi convidado(a) como Utilizador")).toBeVisible({ timeout: 30_000 });
  await bothThemes(guest, "invite-page", guest.getByLabel("Repita a password"));
  const username = uniqueName("joana");
  await guest.getByLabel("Nome de utilizador").fill(username);
  await guest.getByLabel("Password", { exact: true }).fill("minha-senha-1");
  await guest.getByLabel("Repita a password").fill("outra-senha-1");
  await guest.getByRole("button", { name: "Criar conta e entrar" }).click();
  await expect(guest.getByText("As passwords não coincidem")).toBeVisible();
  await guest.getByLabel("Repita a password").fill("minha-senha-1");
  await guest.getByRole("button", { name: "Criar conta e entrar" }).click();
  await expect(guest.getByRole("button", { name: /^Menu de / })).toBeVisible({ timeout: 30_000 });
  await expect(guest).toHaveURL(`${baseURL}/`);
  const me = await (await guest.request.get("/api/user")).json();
  expect(me).toMatchObject({ username, role: "user", monitorLimit: 5 });

  // used up: gone from the admin's list, and the page says so to whoever opens it again
  await page.reload();
  await expect(page.getByText(note)).toHaveCount(0);
  await context.clearCookies();
  await guest.goto(link);
  await expect(guest.getByText("Convite inválido ou expirado")).toBeVisible({ timeout: 30_000 });
  await context.close();
});

test("convite: o admin revoga um link pendente e ele deixa de servir", async ({ page, browser, baseURL }) => {
  const note = uniqueName("Revogar ");
  const created = await page.request.post("/api/admin/invites", { data: { note, role: "admin" } });
  expect(created.ok()).toBeTruthy();
  const { token } = (await created.json()) as { token: string };
  await page.goto("/admin");
  const row = page.getByTestId("invite-row").filter({ hasText: note });
  // the first screen after a load can be slow on a shared machine
  await expect(row).toContainText("Administrador", { timeout: 30_000 });
  await row.getByRole("button", { name: "Revogar" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revogar" }).click();
  await expect(page.getByText("Convite revogado")).toBeVisible();
  await expect(row).toHaveCount(0);

  const context = await browser.newContext({
    baseURL,
    locale: "pt-PT",
    storageState: NO_SESSION,
    ...sizeOf(page),
  });
  const guest = await context.newPage();
  await guest.goto(`/invite/${token}`);
  await expect(guest.getByText("Convite inválido ou expirado")).toBeVisible({ timeout: 30_000 });
  await expect(guest.getByText("Peça um novo link a quem o convidou.")).toBeVisible();
  await screenshot(guest, "invite-unusable");
  await context.close();
});

test("convite: a página fala a língua do navegador (en, es)", async ({ page, browser, baseURL }) => {
  const created = await page.request.post("/api/admin/invites", { data: {} });
  const { token } = (await created.json()) as { token: string };
  for (const [locale, text] of [
    ["en-GB", "Create your account"],
    ["es-ES", "Cree su cuenta"],
  ]) {
    const context = await browser.newContext({ baseURL, locale, storageState: NO_SESSION, ...sizeOf(page) });
    const guest = await context.newPage();
    await guest.goto(`/invite/${token}`);
    await expect(guest.getByText(text)).toBeVisible({ timeout: 30_000 });
    await context.close();
  }
});

function sizeOf(page: Page) {
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  return { viewport, isMobile: isMobileProject(), hasTouch: isMobileProject() };
}
