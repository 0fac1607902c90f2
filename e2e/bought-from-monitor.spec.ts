import { expect, test } from "@playwright/test";
import { compreiLink } from "../server/src/engine/notify/alert";
import { createUserViaApi, isMobileProject, loginViaApi, screenshot, themeShots } from "./helpers";

/**
 * "Comprei" on a monitor's card: two taps from the alert to the inventory. The dialog comes filled
 * with what the monitor knows, and the item remembers the monitor. Runs at 1280 px and, in the
 * phone project, on the phone's card.
 */
const PAGE = "https://www.zara.com/pt/pt/casaco-comprido-la-p02015602.html";

test("Comprei num cartão do Monitor abre o Novo Item preenchido, e o item lembra o monitor", async ({
  page,
}) => {
  await loginViaApi(page);
  const user = await createUserViaApi(page, {
    username: `comprei-${test.info().project.name}-${Date.now().toString(36)}`,
  });
  await loginViaApi(page, user.username, user.password);
  const created = await page.request.post("/api/products", {
    data: {
      name: "Casaco comprido de lã",
      productId: "",
      url: PAGE,
      webhookUrl: "https://162.159.135.232/api/webhooks/1/token",
      checkInterval: 60000,
      platform: "zara",
      price: "89,95",
      // the shop's picture, on the stand-in retailer (MONITOR_REDIRECT): "Comprei" copies it
      imageUrl: "https://nudeproject.com/cdn/shop/files/casaco.png",
      hasVariants: true,
      variants: ["M"],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = await created.json();

  await page.goto("/monitor");
  const card = page.getByTestId("product-card").filter({ hasText: "Casaco comprido de lã" });
  await expect(card).toBeVisible();
  await screenshot(page, "comprei-card");
  await card.getByRole("link", { name: "Comprei" }).click();

  await expect(page).toHaveURL(new RegExp(`/inventory\\?comprei=${product.id}$`));
  const dialog = page.getByRole("dialog", { name: "Novo Item" });
  await expect(dialog).toContainText("Preenchido com o que o monitor «Casaco comprido de lã» sabe");
  await expect(dialog.getByLabel("Nome")).toHaveValue("Casaco comprido de lã");
  await expect(dialog.getByLabel("Preço de compra (€)")).toHaveValue("89,95");
  await expect(dialog.getByLabel("Tamanho (opcional)")).toHaveValue("M");
  await expect(dialog.getByLabel("Local de compra (opcional)")).toHaveValue("Zara");
  await expect(dialog.getByLabel("Notas (opcional)")).toHaveValue(PAGE);
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Lisbon" }).format(new Date());
  await expect(dialog.getByLabel("Data de compra (opcional)")).toHaveValue(today);
  // the monitor's picture, copied by the server, is the item's photo unless the reseller changes it
  await expect(dialog.getByRole("img", { name: "Pré-visualização" })).toHaveAttribute(
    "src",
    /^data:image\/jpeg;base64,/,
  );
  await expect(dialog.getByRole("button", { name: "Trocar fotografia" })).toBeVisible();
  await themeShots(page, "comprei-dialog-photo");
  await screenshot(page, "comprei-dialog");

  // what was paid differs from the shelf price: the reseller corrects it and saves
  await dialog.getByLabel("Preço de compra (€)").fill("79,95");
  await dialog.getByRole("button", { name: "Adicionar Item" }).click();
  await expect(page.getByText("Item adicionado ao inventário!")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/inventory$/);
  await expect(page.getByText("Casaco comprido de lã")).toBeVisible();

  const items = await (await page.request.get("/api/inventory")).json();
  expect(items).toEqual([
    expect.objectContaining({
      name: "Casaco comprido de lã",
      price: "79.95",
      size: "M",
      purchaseLocation: "Zara",
      sourceProductId: product.id,
      image: expect.stringMatching(/^\/api\/inventory\/\d+\/photo/),
    }),
  ]);

  // a closed dialog does not come back on a reload: the address no longer asks for it
  await page.reload();
  await expect(page.getByText("Casaco comprido de lã")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // another user's monitor fills nothing: the page says so and stays usable
  await page.goto(`/inventory?comprei=${product.id + 100000}`);
  await expect(page.getByText("Não foi possível preencher a partir do monitor")).toBeVisible();
  await expect(page.getByText("Produto não encontrado")).toBeVisible();
  await expect(page).toHaveURL(/\/inventory$/);
  if (isMobileProject()) await expect(page.getByRole("button", { name: "Abrir menu" })).toBeVisible();
});

test("o link «Comprei» de um alerta abre o Novo Item preenchido, mesmo sem sessão iniciada", async ({
  page,
}) => {
  await loginViaApi(page);
  const user = await createUserViaApi(page, {
    username: `alerta-${test.info().project.name}-${Date.now().toString(36)}`,
  });
  await loginViaApi(page, user.username, user.password);
  const created = await page.request.post("/api/products", {
    data: {
      name: "Hoodie cinzento",
      productId: "",
      url: "https://nudeproject.com/products/hoodie-cinzento",
      webhookUrl: "https://162.159.135.232/api/webhooks/1/token",
      checkInterval: 60000,
      platform: "nudeproject",
      price: "65",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = await created.json();
  // the link exactly as the restock alert writes it with PUBLIC_URL set to this app's address
  const link = compreiLink({
    kind: "restock",
    productId: product.id,
    productName: "Hoodie cinzento",
    productUrl: "https://nudeproject.com/products/hoodie-cinzento",
    platform: "nudeproject",
    status: "in_stock",
    sizes: [],
    newSizes: [],
    at: new Date().toISOString(),
    appUrl: process.env.E2E_BASE_URL,
  });
  expect(link).toBe(`${process.env.E2E_BASE_URL}/inventory?comprei=${product.id}`);

  // the phone that got the alert has no session: it signs in and lands on the dialog
  await page.context().clearCookies();
  await page.goto(link as string);
  await page.getByLabel("Utilizador", { exact: true }).fill(user.username);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo Item" });
  await expect(dialog.getByLabel("Nome")).toHaveValue("Hoodie cinzento");
  await expect(dialog.getByLabel("Preço de compra (€)")).toHaveValue("65,00");
  await expect(dialog.getByLabel("Local de compra (opcional)")).toHaveValue("Nude Project");
  await dialog.getByRole("button", { name: "Adicionar Item" }).click();
  await expect(page.getByText("Item adicionado ao inventário!")).toBeVisible();
  const items = await (await page.request.get("/api/inventory")).json();
  expect(items).toEqual([expect.objectContaining({ name: "Hoodie cinzento", sourceProductId: product.id })]);
});
