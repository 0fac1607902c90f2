import { expect, type Page, test } from "@playwright/test";
import { createUserViaApi, isMobileProject, loginViaApi, screenshot, setTheme, type Theme } from "./helpers";

test.describe.configure({ timeout: 240_000 });

async function asNewUser(page: Page) {
  const username = `api${isMobileProject() ? "m" : "d"}${Date.now().toString(36)}`;
  const password = "token-e2e-123456";
  await createUserViaApi(page, { username, password });
  await page.context().clearCookies();
  await loginViaApi(page, username, password);
}

test("Configurações → API: cria um token mostrado uma vez, que o script usa, e revoga-o", async ({
  page,
  baseURL,
}) => {
  await loginViaApi(page);
  await asNewUser(page);
  await page.goto("/settings");
  await page.getByRole("tab", { name: "API" }).click();
  await expect(page.getByText("Ainda não tem tokens.")).toBeVisible();
  // a plain user is not offered the administration scope
  await expect(page.getByText("Administração")).toHaveCount(0);

  await page.getByLabel("Nome").fill("Bot do Discord");
  await page.getByRole("checkbox", { name: /^Monitores/ }).check();
  await page.getByRole("button", { name: "Criar token" }).click();
  const shown = page.getByTestId("new-token");
  await expect(shown).toHaveText(/^smt_/);
  const token = (await shown.textContent()) ?? "";
  await expect(page.getByText("Copie-o agora: não voltará a ser mostrado.")).toBeVisible();
  const row = page.getByTestId("token-row").filter({ hasText: "Bot do Discord" });
  await expect(row).toContainText("nunca usado");
  await expect(row).toContainText("Ler");
  await expect(row).toContainText("Monitores");
  await screenshot(page, "settings-api-created");

  // a script with the token, no cookie
  const script = await page.context().request.fetch(`${baseURL}/api/products`, {
    headers: { authorization: `Bearer ${token}`, cookie: "" },
  });
  expect(script.status()).toBe(200);

  await page.getByRole("button", { name: "Feito" }).click();
  await expect(page.getByTestId("new-token")).toHaveCount(0);
  for (const theme of ["light", "dark"] as Theme[]) {
    await setTheme(page, theme);
    await page.getByRole("tab", { name: "API" }).click();
    await expect(row).toContainText("usado");
    await screenshot(page, `settings-api-${theme}`);
  }
  await setTheme(page, "light");
  await page.getByRole("tab", { name: "API" }).click();
  await row.getByRole("button", { name: "Revogar" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revogar" }).click();
  await expect(page.getByText("Token revogado").first()).toBeVisible();
  await expect(page.getByText("Ainda não tem tokens.")).toBeVisible();
  const after = await page.context().request.fetch(`${baseURL}/api/products`, {
    headers: { authorization: `Bearer ${token}`, cookie: "" },
  });
  expect(after.status()).toBe(401);
});
