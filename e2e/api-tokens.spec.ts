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

test("Configurações → API: importar monitores de um ficheiro, ver cada linha antes, e exportá-los", async ({
  page,
}) => {
  await loginViaApi(page);
  await asNewUser(page);
  const hook = "https://162.159.135.232/api/webhooks/1/token";
  const file = {
    monitors: [
      {
        name: "Casaco de lã",
        platform: "zara",
        url: "https://www.zara.com/pt/pt/casaco-p02015602.html?v1=364118231",
        webhookUrl: hook,
        checkInterval: 60000,
        isActive: false,
      },
      { name: "Sem URL", platform: "zara", webhookUrl: hook },
    ],
  };
  await page.goto("/settings");
  await page.getByRole("tab", { name: "API" }).click();
  await page.getByLabel("Importar de um ficheiro (JSON ou CSV)").setInputFiles({
    name: "monitores.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(file)),
  });
  const summary = page.getByTestId("import-summary");
  await expect(summary).toContainText("1 válido");
  await expect(summary).toContainText("1 com erros");
  await expect(page.getByTestId("import-problems")).toContainText("Linha 2 · Sem URL: URL obrigatório");
  for (const theme of ["light", "dark"] as Theme[]) {
    await setTheme(page, theme);
    await page.getByRole("tab", { name: "API" }).click();
    if ((await summary.count()) === 0) {
      await page.getByLabel("Importar de um ficheiro (JSON ou CSV)").setInputFiles({
        name: "monitores.json",
        mimeType: "application/json",
        buffer: Buffer.from(JSON.stringify(file)),
      });
    }
    await expect(summary).toContainText("1 válido");
    await screenshot(page, `settings-import-preview-${theme}`);
  }
  await page.getByRole("button", { name: "Importar 1 monitor" }).click();
  await expect(page.getByText("1 monitor importado").first()).toBeVisible();
  await expect(page.getByTestId("import-summary")).toHaveCount(0);

  // the same file again: nothing new to import
  await page.getByLabel("Importar de um ficheiro (JSON ou CSV)").setInputFiles({
    name: "monitores.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(file)),
  });
  await expect(summary).toContainText("1 já existe");
  await expect(page.getByRole("button", { name: "Nada a importar" })).toBeDisabled();
  await page.getByRole("button", { name: "Cancelar" }).click();

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exportar CSV" }).click();
  const csv = await download;
  expect(csv.suggestedFilename()).toMatch(/^monitores-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await (await csv.createReadStream()).toArray();
  expect(Buffer.concat(text).toString("utf8")).toContain("Casaco de lã;zara;");

  await page.goto("/monitor");
  await expect(page.getByText("Casaco de lã").first()).toBeVisible();
});
