import { WIDE_ONLY } from "./constants";
import { expect, type Page, test } from "@playwright/test";
import {
  isMobileProject,
  loginViaApi,
  screenshot,
  screenshotBothThemes,
  seeAndClose,
  setTheme,
  toast,
} from "./helpers";

// the first test walks four screens in two themes; beside another worker on 2 cores one test took
// over 120 s (38 s alone)
test.describe.configure({ timeout: 240_000 });

/** a 2×2 red PNG, read by the browser as a data URL like any photo */
const PHOTO = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);
const ITEM = "Ténis Samba OG";
const euro = (text: string) => new RegExp(`${text}\\s€`);

async function loginAsFreshUser(page: Page, prefix: string) {
  const username = `${prefix}-${test.info().project.name}-${Date.now().toString(36)}`;
  const password = "password-e2e";
  page.on("pageerror", (e) => console.log("PAGEERROR", e.message));
  // log in as admin afresh rather than trusting the shared storage state, which other runs rewrite
  await page.context().clearCookies();
  await loginViaApi(page);
  const created = await page.request.post("/api/admin/users", {
    data: { username, password, fullName: "Revendedora Teste", email: `${username}@example.pt` },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  await page.context().clearCookies();
  await loginViaApi(page, username, password);
  return username;
}

/** the platform is picked from the list of sale platforms */
async function choosePlatform(page: Page, dialog: ReturnType<Page["getByRole"]>, name: string) {
  await dialog.getByLabel("Plataforma").click();
  await page.getByRole("option", { name, exact: true }).click();
}

/** pictures in both themes (only when taken): the theme change reloads, so the screen is drawn again first */
const bothThemes = (page: Page, name: string) =>
  screenshotBothThemes(page, name, async () => {
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("[data-slot=skeleton]")).toHaveCount(0);
  });

test("adicionar um item com foto, vendê-lo com taxas '2+1,5', ver o lucro em Vendas, Status e Ranking, e anular a venda", async ({
  page,
}) => {
  const mobile = isMobileProject();
  const username = await loginAsFreshUser(page, "livros");

  await page.goto("/inventory");
  await expect(page.getByRole("heading", { level: 1, name: "Inventário" })).toBeVisible();
  await expect(page.getByText("Inventário Vazio")).toBeVisible();
  await bothThemes(page, "inventory-empty");

  // new item with a photo
  await page.getByRole("button", { name: "Novo Item" }).click();
  const dialog = page.getByRole("dialog");
  // what it says of an empty or wrong field is its screen test's (add-item-dialog.test.tsx)
  await dialog.getByLabel("Nome").fill(ITEM);
  await dialog.getByLabel("Preço de compra (€)").fill("45,10");
  await dialog.getByLabel("Portes (€)").fill("4,90");
  await dialog.getByLabel("SKU (opcional)").fill("B75806");
  await dialog.getByLabel("Tamanho (opcional)").fill("42");
  await dialog.getByLabel("Local de compra (opcional)").fill("Adidas Colombo");
  await dialog
    .getByLabel("Fotografia (opcional)")
    .setInputFiles({ name: "tenis.png", mimeType: "image/png", buffer: PHOTO });
  await expect(dialog.getByAltText("Pré-visualização")).toBeVisible();
  await screenshot(page, "inventory-new-item");
  await dialog.getByRole("button", { name: "Adicionar Item" }).click();
  await seeAndClose(page, "Item adicionado ao inventário!");
  await expect(dialog).toBeHidden();

  const card = page.getByTestId("inventory-item").filter({ hasText: ITEM });
  // the list carries the thumbnail's URL, never the photo itself
  await expect(card.getByAltText(ITEM)).toHaveAttribute(
    "src",
    /^\/api\/inventory\/\d+\/photo\/thumbnail\?v=[0-9a-z]+$/,
  );
  await expect
    .poll(() => card.getByAltText(ITEM).evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(2);
  await expect(card.getByText("Em Stock")).toBeVisible();
  await expect(card.getByText(euro("50,00"))).toBeVisible(); // total cost 45,10 + 4,90
  await expect(card.getByText(/\d{2}\/\d{2}\/\d{4}/)).toBeVisible();

  // search over name and SKU, and the empty filtered state
  await page.getByLabel("Pesquisar por nome ou SKU").fill("b75806");
  await expect(card).toBeVisible();
  await page.getByLabel("Pesquisar por nome ou SKU").fill("nada disto");
  await expect(page.getByText("Nenhum item encontrado")).toBeVisible();
  await page.getByRole("button", { name: "Limpar Filtros" }).click();
  await expect(card).toBeVisible();
  await bothThemes(page, "inventory");
  await page.getByRole("button", { name: "Vista em lista" }).click();
  await expect(card.getByText("Em Stock")).toBeVisible();
  await screenshot(page, "inventory-list");
  await page.getByRole("button", { name: "Vista em grelha" }).click();

  // sell it: fees are arithmetic, worked out on blur, with a live profit preview
  await card.getByRole("button", { name: "Vender" }).click();
  const sell = page.getByRole("dialog");
  await expect(sell.getByRole("heading", { name: "Registrar Venda" })).toBeVisible();
  await sell.getByLabel("Preço de venda (€)").fill("100");
  await sell.getByLabel("Taxas (€)").fill("2+1,5");
  await choosePlatform(page, sell, "Vinted");
  await expect(sell.getByLabel("Taxas (€)")).toHaveValue("3,50");
  await expect(sell.getByTestId("profit-preview")).toHaveText(euro("46,50"));
  await screenshot(page, "inventory-sell");
  await sell.getByRole("button", { name: "Registrar Venda" }).click();
  await seeAndClose(page, "Venda registrada com sucesso!");
  await expect(card.getByText("Vendido", { exact: true })).toBeVisible();
  await expect(card.getByText(euro("46,50"))).toBeVisible();
  await expect(card.getByRole("button", { name: "Vender" })).toHaveCount(0);

  // Sales shows the server's profit
  await page.goto("/sales");
  await expect(page.getByRole("heading", { level: 1, name: "Vendas" })).toBeVisible();
  const sale = page.getByTestId(mobile ? "sale-card" : "sale-row").filter({ hasText: ITEM });
  await expect(sale.getByText(euro("46,50"))).toBeVisible();
  await expect(sale.getByText("Vinted")).toBeVisible();
  await expect(sale.getByText(euro("3,50"))).toBeVisible();
  await expect(sale.getByText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)).toBeVisible();
  await expect(page.getByText(mobile ? "Vendas Hoje" : "Vendas Este Mês")).toBeVisible();
  await bothThemes(page, "sales");

  // Status: inventory status and six cards
  await page.goto("/status");
  await expect(page.getByText("Revendedora Teste")).toBeVisible();
  await expect(page.getByText("Estado do Inventário")).toBeVisible();
  const inventoryStatus = page.locator("[data-slot=card]").filter({ hasText: "Estado do Inventário" });
  // without expenses the sales' profit and the profit after expenses are the same figure
  await expect(inventoryStatus.getByText(euro("46,50"))).toHaveCount(2);
  await expect(inventoryStatus.getByText(euro("100,00"))).toBeVisible();
  await expect(page.getByText("Lucro por Mês")).toBeVisible();
  await expect(page.getByTestId("profit-by-platform").getByText("Vinted")).toBeVisible();
  // the best month in words, percentages spaced as pt-PT writes them
  await expect(page.getByText(/^[a-zç]+ de \d{4} · 46,50\s€$/)).toBeVisible();
  await expect(page.getByText("46,5\u00a0%")).toBeVisible();
  await bothThemes(page, "status");

  // Ranking
  await page.goto("/ranking");
  const row = page.getByTestId(mobile ? "ranking-card" : "ranking-row").filter({ hasText: `@${username}` });
  await expect(row.getByText(euro("46,50")).first()).toBeVisible();
  await expect(row.getByText("Você")).toBeVisible();
  await expect(page.getByText(/@example\.pt/)).toHaveCount(0);
  await bothThemes(page, "ranking");

  // deleting the sale puts the item back in stock
  await page.goto("/sales");
  await sale.getByRole("button", { name: `Remover venda de ${ITEM}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remover" }).click();
  await seeAndClose(page, "Venda removida com sucesso!");
  await expect(sale).toHaveCount(0);
  await page.goto("/inventory");
  await expect(card.getByText("Em Stock")).toBeVisible();
  await expect(card.getByRole("button", { name: "Vender" })).toBeVisible();
});

test("mudar o estado para vendido transfere para as vendas; sair de vendido avisa e remove a venda", async ({
  page,
}) => {
  await loginAsFreshUser(page, "estado");
  const created = await page.request.post("/api/inventory", {
    data: { name: "Casaco de ganga", price: "20" },
  });
  expect(created.ok()).toBeTruthy();

  await page.goto("/inventory");
  const card = page.getByTestId("inventory-item").filter({ hasText: "Casaco de ganga" });
  await card.getByRole("button", { name: "Estado" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Estado").click();
  await page.getByRole("option", { name: "Vendido" }).click();
  await expect(dialog.getByText(/transferido para as Vendas/)).toBeVisible();
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(dialog.getByText("Preço de venda obrigatório")).toBeVisible();
  await dialog.getByLabel("Preço de venda (€)").fill("35,5");
  await dialog.getByLabel("Taxas (€)").fill("(3-1)*0,5");
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await seeAndClose(page, "Item marcado como vendido e transferido para as vendas!");
  await expect(card.getByText("Vendido", { exact: true })).toBeVisible();
  await expect(card.getByText(euro("14,50"))).toBeVisible(); // 35,50 − 20 − 1,00

  await card.getByRole("button", { name: "Estado" }).click();
  await dialog.getByLabel("Estado").click();
  await page.getByRole("option", { name: "Em Trânsito" }).click();
  await expect(dialog.getByRole("alert")).toContainText("a venda é removida");
  await screenshot(page, "inventory-status-warning");
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(card.getByText("Em Trânsito")).toBeVisible();
  const sales = await page.request.get("/api/sales");
  expect(await sales.json()).toEqual([]);
});

test("'Nova Venda' oferece só itens em stock e calcula o preço escrito como conta", async ({ page }) => {
  await loginAsFreshUser(page, "novavenda");
  for (const data of [
    { name: "Mala em stock", price: "20", shippingPrice: "2,5" },
    { name: "Mala a caminho", price: "10", status: "transit" },
  ]) {
    expect((await page.request.post("/api/inventory", { data })).ok()).toBeTruthy();
  }

  await page.goto("/sales");
  await expect(page.getByText("Ainda não há vendas")).toBeVisible();
  await page.getByRole("button", { name: "Nova Venda" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Registrar Venda" }).click();
  await expect(dialog.getByText("Selecione um item", { exact: true })).toBeVisible();
  await expect(dialog.getByText("Preço de venda obrigatório")).toBeVisible();
  await expect(dialog.getByText("Plataforma obrigatória")).toBeVisible();

  await dialog.getByLabel("Item").click();
  await expect(page.getByRole("option")).toHaveCount(1);
  await page.getByRole("option", { name: /Mala em stock/ }).click();
  await expect(dialog.getByText("Selecione um item", { exact: true })).toBeHidden();
  await dialog.getByLabel("Preço de venda (€)").fill("40+5,5");
  await choosePlatform(page, dialog, "OLX");
  await expect(dialog.getByLabel("Preço de venda (€)")).toHaveValue("45,50");
  await expect(dialog.getByTestId("profit-preview")).toHaveText(euro("23,00"));
  await screenshot(page, "sales-new-sale");
  await dialog.getByRole("button", { name: "Registrar Venda" }).click();
  await seeAndClose(page, "Venda registrada com sucesso!");
  const sale = page
    .getByTestId(isMobileProject() ? "sale-card" : "sale-row")
    .filter({ hasText: "Mala em stock" });
  await expect(sale.getByText(euro("23,00"))).toBeVisible();
  await expect(sale.getByText(euro("45,50"))).toBeVisible();
});

test("editar um item: todos os campos do diálogo, a data de compra e a fotografia", async ({ page }) => {
  await loginAsFreshUser(page, "editar");
  const created = await page.request.post("/api/inventory", {
    data: { name: "Casaco antigo", price: "20", sku: "C-1", notes: "sem etiqueta" },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  await page.goto("/inventory");
  const card = page.getByTestId("inventory-item").filter({ hasText: "Casaco antigo" });
  await card.getByRole("button", { name: "Editar Casaco antigo" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Editar Item" })).toBeVisible();
  await expect(dialog.getByLabel("Nome")).toHaveValue("Casaco antigo");
  await expect(dialog.getByLabel("Preço de compra (€)")).toHaveValue("20,00");
  await expect(dialog.getByLabel("SKU (opcional)")).toHaveValue("C-1");
  await expect(dialog.getByLabel("Notas (opcional)")).toHaveValue("sem etiqueta");
  // the status has its own dialog
  await expect(dialog.getByLabel("Estado")).toHaveCount(0);

  await dialog.getByLabel("Nome").fill("Casaco de lã");
  await dialog.getByLabel("Preço de compra (€)").fill("18+4");
  await dialog.getByLabel("Data de compra (opcional)").fill("2026-10-03");
  await dialog
    .getByLabel("Fotografia (opcional)")
    .setInputFiles({ name: "casaco.png", mimeType: "image/png", buffer: PHOTO });
  await screenshot(page, "inventory-edit-item");
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await seeAndClose(page, "Item atualizado!");
  await expect(dialog).toBeHidden();

  const edited = page.getByTestId("inventory-item").filter({ hasText: "Casaco de lã" });
  await expect(edited.getByText(euro("22,00"))).toBeVisible();
  await expect(edited.getByText("03/10/2026")).toBeVisible();
  await expect(edited.getByAltText("Casaco de lã")).toHaveAttribute("src", /\/photo\/thumbnail\?v=/);
  await expect
    .poll(() => edited.getByAltText("Casaco de lã").evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(2);
  for (const width of [null, 800]) {
    if (width) await page.setViewportSize({ width, height: 900 });
    for (const theme of ["light", "dark"] as const) {
      await setTheme(page, theme);
      await expect(edited.getByAltText("Casaco de lã")).toBeVisible();
      await screenshot(page, `inventory-edited${width ? `-${width}` : ""}-${theme}`);
    }
  }
  await setTheme(page, "light");

  // removing the photo in the dialog removes it from the card
  await edited.getByRole("button", { name: "Editar Casaco de lã" }).click();
  await dialog.getByRole("button", { name: /Remover fotografia/ }).click();
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(dialog).toBeHidden();
  await expect(edited.getByLabel("Sem fotografia")).toBeVisible();
});

test("vender com data passada, editar a venda e anular a remoção de um item (com venda e foto)", async ({
  page,
}) => {
  const mobile = isMobileProject();
  await loginAsFreshUser(page, "anular");
  const image = `data:image/png;base64,${PHOTO.toString("base64")}`;
  const created = await page.request.post("/api/inventory", {
    data: { name: "Mala de couro", price: "20", shippingPrice: "2", image },
  });
  expect(created.ok()).toBeTruthy();
  for (const [name, price] of [
    ["Boné azul", "5"],
    ["Camisola verde", "12"],
    ["Calças pretas", "18"],
    ["Ténis brancos", "30"],
  ]) {
    expect((await page.request.post("/api/inventory", { data: { name, price } })).ok()).toBeTruthy();
  }

  // before any sale the monthly chart says so instead of drawing an empty axis
  await page.goto("/status");
  await expect(
    page.getByTestId("profit-by-month").getByText("Sem vendas nos últimos 12 meses."),
  ).toBeVisible();
  await expect(
    page.getByTestId("profit-by-platform").getByText("Ainda não há vendas para comparar."),
  ).toBeVisible();
  // with nothing to draw, a chart keeps only the sentence's room
  for (const chart of ["profit-by-month", "profit-by-platform"]) {
    expect((await page.getByTestId(chart).boundingBox())?.height).toBeLessThan(120);
  }
  await expect(page.getByText("Resumo de Atividade")).toBeVisible();
  await bothThemes(page, "status-empty");

  await page.goto("/inventory");
  const card = page.getByTestId("inventory-item").filter({ hasText: "Mala de couro" });
  await expect(card).toBeVisible();
  if (mobile) {
    // compact cards: once the list is reached, at least four items fit in one 390 × 844 screen
    await page
      .getByTestId("inventory-item")
      .first()
      .evaluate((c) => window.scrollBy(0, c.getBoundingClientRect().top - 72));
    const inView = await page
      .getByTestId("inventory-item")
      .evaluateAll(
        (cards) =>
          cards.filter(
            (c) =>
              c.getBoundingClientRect().top >= 0 && c.getBoundingClientRect().bottom <= window.innerHeight,
          ).length,
      );
    expect(inView).toBeGreaterThanOrEqual(4);
    const height = await card.evaluate((c) => c.getBoundingClientRect().height);
    expect(height).toBeLessThan(140);
  }
  await bothThemes(page, "inventory-compact");

  // sell with a past date: the '+' key adds to the sum on phones
  await card.getByRole("button", { name: "Vender" }).click();
  const sell = page.getByRole("dialog");
  const price = sell.getByLabel("Preço de venda (€)");
  await price.fill("40");
  if (mobile) {
    await price.focus();
    await sell.getByRole("button", { name: "Somar (+)" }).first().click();
    await expect(price).toBeFocused();
    await price.pressSequentially("5,5");
    await expect(price).toHaveValue("40+5,5");
    // the key writes at the caret, not always at the end
    const fees = sell.getByLabel("Taxas (€)");
    await fees.fill("12");
    await fees.press("ArrowLeft");
    await sell.getByRole("button", { name: "Somar (+)" }).nth(1).click();
    await expect(fees).toHaveValue("1+2");
    await fees.pressSequentially("0");
    await expect(fees).toHaveValue("1+02");
    await fees.fill("");
  } else {
    await price.fill("40+5,5");
  }
  await choosePlatform(page, sell, "Wallapop");
  await expect(price).toHaveValue("45,50");
  await sell.getByLabel("Data da venda").fill("2026-10-15");
  await screenshot(page, "inventory-sell-dated");
  await sell.getByRole("button", { name: "Registrar Venda" }).click();
  await seeAndClose(page, "Venda registrada com sucesso!");
  await expect(card.getByText(euro("23,50"))).toBeVisible();

  // Sales: the day alone, no invented time; the sale can be edited
  await page.goto("/sales");
  const sale = page.getByTestId(mobile ? "sale-card" : "sale-row").filter({ hasText: "Mala de couro" });
  await expect(sale.getByText("15/10/2026", { exact: true })).toBeVisible();
  await expect(sale.getByText(/15\/10\/2026 \d{2}:\d{2}/)).toHaveCount(0);
  await sale.getByRole("button", { name: "Editar venda de Mala de couro" }).click();
  const edit = page.getByRole("dialog");
  await expect(edit.getByLabel("Preço de venda (€)")).toHaveValue("45,50");
  await expect(edit.getByLabel("Plataforma")).toHaveText("Wallapop");
  await edit.getByLabel("Preço de venda (€)").fill("50");
  await edit.getByLabel("Taxas (€)").fill("2,5");
  await choosePlatform(page, edit, "eBay");
  await edit.getByLabel("Data da venda").fill("2026-10-16");
  await edit.getByLabel("Comprador (opcional)").fill("Joana");
  await screenshot(page, "sales-edit");
  await edit.getByRole("button", { name: "Guardar" }).click();
  await seeAndClose(page, "Venda atualizada com sucesso!");
  await expect(sale.getByText(euro("25,50"))).toBeVisible(); // 50 − 20 − 2 − 2,50
  await expect(sale.getByText("eBay")).toBeVisible();
  await expect(sale.getByText("16/10/2026", { exact: true })).toBeVisible();
  await bothThemes(page, "sales-edited");

  // delete without confirmation, then 'Anular' brings back item, sale and photo
  await page.goto("/inventory");
  await card.getByRole("button", { name: "Remover Mala de couro" }).click();
  const removed = toast(page, "Item removido do inventário!");
  await expect(removed).toBeVisible();
  await expect(card).toHaveCount(0);
  await screenshot(page, "inventory-undo-toast");
  await removed.getByRole("button", { name: "Anular" }).click();
  await expect(toast(page, "Item reposto no inventário")).toBeVisible();
  await expect(card.getByText("Vendido", { exact: true })).toBeVisible();
  await expect(card.getByText(euro("25,50"))).toBeVisible();
  await expect
    .poll(() => card.getByAltText("Mala de couro").evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(2);
  await page.goto("/sales");
  await expect(sale.getByText("eBay")).toBeVisible();

  // without 'Anular' the item stays gone
  await page.goto("/inventory");
  const cap = page.getByTestId("inventory-item").filter({ hasText: "Boné azul" });
  await cap.getByRole("button", { name: "Remover Boné azul" }).click();
  await expect(toast(page, "Item removido do inventário!")).toBeVisible();
  await expect(toast(page, "Item removido do inventário!")).toBeHidden({ timeout: 15_000 });
  await page.reload();
  await expect(card).toBeVisible();
  await expect(cap).toHaveCount(0);
});

// a width of the desktop project
test("as vendas a 800 px: cartões com as ações à vista, data, plataforma da lista e edição", {
  tag: WIDE_ONLY,
}, async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await loginAsFreshUser(page, "venda800");
  const item = (await (
    await page.request.post("/api/inventory", { data: { name: "Casaco 800", price: "10" } })
  ).json()) as {
    id: number;
  };
  await page.request.post("/api/sales", {
    data: {
      inventoryItemId: item.id,
      salePrice: "30",
      platform: "vinted",
      saleDate: "2026-09-01T00:00:00.000Z",
    },
  });
  await page.goto("/sales");
  // beside the sidebar, 800 px has no room for the table's eight columns: cards, every action in view
  await expect(page.getByRole("table")).toHaveCount(0);
  const sale = page.getByTestId("sale-card").filter({ hasText: "Casaco 800" });
  await expect(sale.getByText("01/09/2026", { exact: true })).toBeVisible();
  await expect(sale.getByText("Vinted")).toBeVisible();
  for (const theme of ["light", "dark"] as const) {
    await setTheme(page, theme);
    await expect(sale.getByRole("button", { name: "Editar venda de Casaco 800" })).toBeInViewport();
    await expect(sale.getByRole("button", { name: "Remover venda de Casaco 800" })).toBeInViewport();
    await screenshot(page, `sales-800-${theme}`);
    await sale.getByRole("button", { name: "Editar venda de Casaco 800" }).click();
    await expect(page.getByRole("dialog").getByLabel("Plataforma")).toHaveText("Vinted");
    await screenshot(page, `sales-edit-800-${theme}`);
    await page.keyboard.press("Escape");
  }
  // from 1024 px the table comes back
  await page.setViewportSize({ width: 1024, height: 900 });
  await expect(page.getByTestId("sale-row").filter({ hasText: "Casaco 800" })).toBeVisible();
  await setTheme(page, "light");
});
