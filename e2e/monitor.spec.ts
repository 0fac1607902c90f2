import fs from "node:fs";
import { type APIRequest, expect, type Page, test } from "@playwright/test";
import { ADMIN_STATE } from "./constants";
import {
  afterInvalidSubmit,
  isMobileProject,
  loggedOut,
  loginViaApi,
  screenshot,
  screenshotBothThemes,
  toast,
} from "./helpers";

/** a public literal address: passes the SSRF guard without DNS; the engine is off in e2e */
const WEBHOOK = "https://162.159.135.232/api/webhooks/1/e2e";
const ZARA_URL = "https://www.zara.com/pt/pt/casaco-comprido-la-p02015602.html?v1=364118231";

/** the newest toast that says `text`: toasts of one text can stack */
const latestToast = (page: Page, text: string) => toast(page, text).last();

/**
 * A fresh user with a limit of 2 per project, so desktop and mobile runs do not meet. The page
 * starts logged out: a login sent with the shared admin cookie would end that session for everyone.
 */
test.use(loggedOut);

async function loginAsFreshUser(page: Page, playwright: { request: APIRequest }) {
  const username = `monitor-${test.info().project.name}-${Date.now().toString(36)}`;
  const password = "password-e2e";
  const admin = await playwright.request.newContext({
    baseURL: test.info().project.use.baseURL,
    storageState: ADMIN_STATE,
  });
  const created = await admin.post("/api/admin/users", {
    data: { username, password, monitorLimit: 2, fullName: "Revendedora Teste" },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  await admin.dispose();
  await loginViaApi(page, username, password);
}

async function fillProduct(
  page: Page,
  fields: { url: string; name: string; productId?: string; price?: string },
) {
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("URL do produto").fill(fields.url);
  await dialog.getByLabel("Nome", { exact: true }).fill(fields.name);
  if (fields.productId) await dialog.getByLabel("ID do produto").fill(fields.productId);
  if (fields.price) await dialog.getByLabel("Preço (€)").fill(fields.price);
  await dialog.getByLabel("URL do webhook").fill(WEBHOOK);
}

test("adicionar, atingir o limite, editar, pausar e remover um monitor; vê-lo no histórico e exportar", async ({
  page,
  playwright,
}) => {
  test.setTimeout(240_000);
  const mobile = isMobileProject();
  await loginAsFreshUser(page, playwright);
  await page.goto("/monitor");
  await expect(page.getByRole("heading", { level: 1, name: "Monitor" })).toBeVisible();
  await expect(page.getByText("Nenhum produto encontrado")).toBeVisible();

  // the modal: platform picker sets the interval (in seconds), validation speaks Portuguese
  await page.getByRole("button", { name: "Adicionar Produto" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Adicionar Produto" })).toBeVisible();
  await dialog.getByRole("radio", { name: /H&M/ }).click();
  await expect(dialog.getByLabel("Intervalo (segundos)")).toHaveValue("75");
  await expect(dialog.getByTestId("interval-reading")).toHaveText("= 1 min 15 s");
  // Zara's own 5 s is faster than Settings → Global's default (60 s): a new monitor starts at 60 s
  await dialog.getByRole("radio", { name: /Zara/ }).click();
  await expect(dialog.getByLabel("Intervalo (segundos)")).toHaveValue("60");
  await expect(dialog.getByTestId("interval-reading")).toHaveText("= 1 min");

  await dialog.getByRole("button", { name: "Adicionar Monitor" }).click();
  await expect(dialog.getByText("Nome obrigatório")).toBeVisible();
  await expect(dialog.getByText("URL obrigatório", { exact: true })).toBeVisible();
  await expect(dialog.getByText("URL do webhook obrigatório")).toBeVisible();
  await afterInvalidSubmit(page);

  // a URL picks its platform; a platform chosen by hand against it is refused on saving
  await fillProduct(page, {
    url: ZARA_URL,
    name: "Casaco comprido de lã",
    productId: "02015602",
    price: "89,95",
  });
  await expect(dialog.getByRole("radio", { name: /Zara/ })).toHaveAttribute("aria-checked", "true");
  await dialog.getByRole("radio", { name: /H&M/ }).click();
  await dialog.getByText("Avançado").click();
  await dialog.getByLabel("Configuração (JSON)").fill("{storeId: 1");
  await dialog.getByRole("button", { name: "Adicionar Monitor" }).click();
  await expect(dialog.getByText(/O URL não pertence à plataforma H&M/)).toBeVisible();
  await expect(dialog.getByText("Configuração deve ser JSON válido ou vazio")).toBeVisible();
  await screenshot(page, "monitor-modal-errors");

  await dialog.getByRole("radio", { name: /Zara/ }).click();
  await expect(dialog.getByLabel("Intervalo (segundos)")).toHaveValue("60");
  await dialog.getByLabel("Configuração (JSON)").fill('{"storeId": 10701}');
  await dialog.getByRole("button", { name: "Adicionar Monitor" }).click();
  await expect(latestToast(page, "Produto adicionado")).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page.getByTestId("product-card").filter({ hasText: "Casaco comprido de lã" });
  await expect(card).toBeVisible();
  await expect(card).toContainText("1 min");
  await expect(card.getByTestId("status-badge")).toHaveText("Desconhecido");
  if (mobile) await expect(card).toContainText("Nunca verificado");
  else {
    await expect(card).toContainText("89,95");
    await expect(card).toContainText("Nunca");
    await expect(card).toContainText("02015602");
  }

  // second monitor, aliexpress (picked by its URL) with a variant: the limit of 2 is reached
  await page.getByRole("button", { name: "Adicionar Produto" }).click();
  await fillProduct(page, {
    url: "https://pt.aliexpress.com/item/1005006123456789.html",
    name: "Auriculares sem fios",
  });
  await expect(dialog.getByRole("radio", { name: /AliExpress/ })).toHaveAttribute("aria-checked", "true");
  await expect(dialog.getByRole("region", { name: "Variantes" })).toBeVisible();
  // the id is read from the URL when the field is left empty
  await expect(dialog.getByLabel("ID do produto")).toHaveValue("1005006123456789");
  await dialog.getByLabel("Variante 1", { exact: true }).fill("Preto");
  await dialog.getByRole("button", { name: "Adicionar Monitor" }).click();
  await expect(latestToast(page, "Produto adicionado")).toBeVisible();
  const limitLabel = mobile ? "Adicionar Produto (Limite Atingido)" : "Adicionar Produto (Limite atingido)";
  await expect(page.getByRole("button", { name: limitLabel })).toBeDisabled();
  await expect(page.getByText(mobile ? "Monitores Ativos: 2/2" : "0 disponíveis")).toBeVisible();

  // each theme's reload shows the page's loader first: the picture is of the products
  await screenshotBothThemes(page, "monitor", async () => {
    await expect(page.getByRole("button", { name: limitLabel })).toBeVisible();
    await expect(page.getByTestId("product-card").first()).toBeVisible();
  });

  // edit: the modal opens prefilled, the variant list comes back from its text form
  const aliCard = page.getByTestId("product-card").filter({ hasText: "Auriculares sem fios" });
  await aliCard.getByRole("button", { name: "Editar" }).click();
  await expect(dialog.getByRole("heading", { name: "Editar Produto" })).toBeVisible();
  await expect(dialog.getByLabel("Variante 1", { exact: true })).toHaveValue("Preto");
  // AliExpress's own 3 s is faster than Settings → Global's default: it was added at 60 s
  await expect(dialog.getByLabel("Intervalo (segundos)")).toHaveValue("60");
  await dialog.getByLabel("Nome", { exact: true }).fill("Auriculares sem fios Pro");
  await dialog.getByLabel("Intervalo (segundos)").fill("90");
  await expect(dialog.getByTestId("interval-reading")).toHaveText("= 1 min 30 s");
  await screenshot(page, "monitor-modal-edit");
  await dialog.getByRole("button", { name: "Atualizar Monitor" }).click();
  await expect(latestToast(page, "Produto atualizado")).toBeVisible();
  const editedCard = page.getByTestId("product-card").filter({ hasText: "Auriculares sem fios Pro" });
  await expect(editedCard).toContainText("1 min 30 s");

  // toggle off and on
  await editedCard.getByRole("button", { name: /Pausar/ }).click();
  await expect(latestToast(page, "Monitoramento parado")).toBeVisible();
  await expect(editedCard).toContainText("Em pausa");
  await editedCard.getByRole("button", { name: /Iniciar/ }).click();
  await expect(latestToast(page, "Monitoramento iniciado")).toBeVisible();
  await expect(editedCard).not.toContainText("Em pausa");

  // search filters by name
  await page.getByRole("searchbox", { name: "Pesquisar produtos" }).fill("casaco");
  await expect(page.getByTestId("product-card")).toHaveCount(1);
  await page.getByRole("searchbox", { name: "Pesquisar produtos" }).fill("");

  // delete asks first, then frees a place under the limit
  await card.getByRole("button", { name: "Remover produto" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Tem certeza que deseja remover este produto?");
  await confirm.getByRole("button", { name: "Remover" }).click();
  await expect(latestToast(page, "Produto removido")).toBeVisible();
  await expect(page.getByTestId("product-card")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Adicionar Produto", exact: true })).toBeEnabled();

  // History: the three entries, filters, table view, CSV
  await page.goto("/history");
  await expect(page.getByRole("heading", { level: 1, name: "Histórico" })).toBeVisible();
  const entries = page.getByTestId("activity-entry");
  await expect(entries).toHaveCount(3);
  await expect(entries.first()).toContainText("Produto removido");
  await expect(entries.first()).toContainText("Casaco comprido de lã");
  await screenshotBothThemes(page, "history");

  await page.getByRole("combobox", { name: "Filtrar por tipo" }).click();
  await page.getByRole("option", { name: "Erros" }).click();
  await expect(page.getByText("Nenhuma atividade encontrada")).toBeVisible();
  await page.getByRole("combobox", { name: "Filtrar por tipo" }).click();
  await page.getByRole("option", { name: "Sistema" }).click();
  await expect(entries).toHaveCount(3);
  await page.getByRole("searchbox", { name: "Pesquisar no histórico" }).fill("auriculares");
  await expect(entries).toHaveCount(1);
  await page.getByRole("searchbox", { name: "Pesquisar no histórico" }).fill("");

  if (!mobile) {
    await page.getByRole("button", { name: "Vista em tabela" }).click();
    const table = page.getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveText(["Data", "Produto", "Ação", "Mensagem", "Tipo"]);
    // the action and its message in their own cells
    const removed = table.getByRole("row").filter({ hasText: "Produto removido" });
    await expect(removed.getByRole("cell").nth(1)).toContainText("Casaco comprido de lã");
    await expect(removed.getByRole("cell").nth(2)).toContainText("Produto removido");
    await expect(removed.getByRole("cell").nth(2)).not.toContainText("monitorização");
    await expect(removed.getByRole("cell").nth(3)).toContainText("removido da monitorização");
    await expect(removed.getByRole("cell").nth(3)).not.toContainText("Produto removido");
    await screenshot(page, "history-table");
  }

  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exportar CSV" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^historico_\d{2}-\d{2}-\d{4}\.csv$/);
  const csv = fs.readFileSync(await download.path(), "utf8");
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe("Data;Produto;Ação;Mensagem;Tipo");
  expect(lines).toHaveLength(4);
  expect(lines[1]).toMatch(
    /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2};Casaco comprido de lã;Produto removido;.+;Informação$/,
  );
  expect(csv).toContain(";Auriculares sem fios;Produto adicionado;");
  await expect(latestToast(page, "Exportado")).toBeVisible();

  // clearing asks first and leaves the history empty
  await page.getByRole("button", { name: "Limpar histórico" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Limpar" }).click();
  await expect(page.getByText("Sem atividade registada")).toBeVisible();
});

test("Parar Todos e Iniciar Todos: um aviso com quantos mudaram, e uma confirmação quando são mais de 5", async ({
  page,
  playwright,
}) => {
  // 14 products, three switches and their toasts: 64 s beside another worker on 2 cores
  test.setTimeout(180_000);
  const username = `todos-${test.info().project.name}-${Date.now().toString(36)}`;
  const admin = await playwright.request.newContext({
    baseURL: test.info().project.use.baseURL,
    storageState: ADMIN_STATE,
  });
  const created = await admin.post("/api/admin/users", {
    data: { username, password: "password-e2e", monitorLimit: 10 },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  await admin.dispose();
  await loginViaApi(page, username, "password-e2e");
  const ids: number[] = [];
  for (let i = 1; i <= 7; i++) {
    const res = await page.request.post("/api/products", {
      data: {
        name: `Casaco ${i}`,
        url: `https://www.zara.com/pt/pt/casaco-p0201560${i}.html?v1=36411823${i}`,
        platform: "zara",
        webhookUrl: WEBHOOK,
      },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
    ids.push(((await res.json()) as { id: number }).id);
  }
  await page.goto("/monitor");
  await expect(page.getByTestId("product-card")).toHaveCount(7);

  // seven would stop: asked first; cancelling changes nothing
  await page.getByRole("button", { name: "Parar todos" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm.getByRole("heading", { name: "Parar 7 monitores?" })).toBeVisible();
  await screenshot(page, "monitor-stop-all-confirm");
  await confirm.getByRole("button", { name: "Cancelar" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("Em pausa")).toHaveCount(0);
  await page.getByRole("button", { name: "Parar todos" }).click();
  await confirm.getByRole("button", { name: "Parar Todos" }).click();
  await expect(latestToast(page, "Monitorização parada em 7 produtos")).toBeVisible();
  await expect(page.getByText("Em pausa", { exact: true })).toHaveCount(7);

  // five would start: at once, with their count
  for (const id of ids.slice(0, 2))
    expect((await page.request.delete(`/api/products/${id}`)).ok()).toBe(true);
  await page.reload();
  await expect(page.getByTestId("product-card")).toHaveCount(5);
  await page.getByRole("button", { name: "Iniciar todos" }).click();
  await expect(latestToast(page, "Monitorização iniciada em 5 produtos")).toBeVisible();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(page.getByText("Em pausa", { exact: true })).toHaveCount(0);
  // none left to start
  await page.getByRole("button", { name: "Iniciar todos" }).click();
  await expect(latestToast(page, "Nenhum produto estava parado")).toBeVisible();
});
