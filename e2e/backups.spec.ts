import { expect, test } from "@playwright/test";
import { isMobileProject, newAppContext, screenshot, type Theme } from "./helpers";
import { apiSession, type QualityApp, startQualityApp } from "./quality-app";

/**
 * Settings → Sistema, "Backups" (issue 32): on a private app (a restore rolls its whole database
 * back, which the shared server's other specs must never see), the admin makes a backup, a user is
 * created after it, and restoring the backup takes that user away; the app keeps serving.
 */
test.describe.configure({ timeout: 180_000 });

let app: QualityApp;
test.beforeAll(async () => {
  // a private app migrates its own database: on a busy machine that outlasts the 60 s a hook gets,
  // and the describe's timeout does not reach a hook outside it (as the other private-app specs do)
  test.setTimeout(180_000);
  app = await startQualityApp();
});
test.afterAll(async () => {
  await app?.stop();
});

test("Sistema → Backups: fazer um backup agora e restaurá-lo com a aplicação a correr", async ({
  browser,
}) => {
  const api = await apiSession(app.url);
  const phone = isMobileProject();
  const state = await api.storageState();
  const open = (theme: Theme) =>
    newAppContext(browser, {
      baseURL: app.url,
      storageState: state,
      viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 900 },
      phone,
      theme,
    });
  const context = await open("light");
  const page = await context.newPage();
  await page.goto("/settings");
  await page.getByRole("tab", { name: "Sistema" }).click();
  await expect(page.getByText("Ainda não há backups.")).toBeVisible();
  await page.getByRole("button", { name: "Fazer backup agora" }).click();
  await expect(page.getByText("Backup feito").first()).toBeVisible();
  await expect(page.getByTestId("backups-list").getByRole("listitem")).toHaveCount(1);

  const later = `depois${phone ? "m" : "d"}`;
  const created = await api.post("/api/admin/users", {
    data: { username: later, password: "depois-123456", role: "user", monitorLimit: 2 },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.getByTestId("backups-list").getByRole("button", { name: "Restaurar" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Tudo o que mudou depois dele deixa de aparecer");
  await screenshot(page, "settings-backup-confirm");
  await dialog.getByRole("button", { name: "Restaurar" }).click();
  await expect(page.getByText("Backup restaurado").first()).toBeVisible({ timeout: 60_000 });

  const users = (await (await api.get("/api/admin/users")).json()) as { username: string }[];
  expect(users.map((u) => u.username)).not.toContain(later);
  // the restored database takes writes
  const again = await api.post("/api/admin/users", {
    data: { username: later, password: "depois-123456", role: "user", monitorLimit: 2 },
  });
  expect(again.status()).toBe(201);
  await screenshot(page, "settings-backups-light");
  await context.close();

  const dark = await open("dark");
  const darkPage = await dark.newPage();
  await darkPage.goto("/settings");
  await darkPage.getByRole("tab", { name: "Sistema" }).click();
  await expect(darkPage.getByTestId("backups-list")).toBeVisible();
  await screenshot(darkPage, "settings-backups-dark");
  await dark.close();
  await api.dispose();
});
