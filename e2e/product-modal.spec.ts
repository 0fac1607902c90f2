import fs from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { FakeRetailer } from "../tools/fake-retailer";
import { FakeWebhook } from "../tools/fake-webhook";
import { TAKE_SCREENSHOTS } from "./constants";
import { elementScreenshot, newAppContext, THEMES_OF_A_FLOW, type Theme, toast } from "./helpers";
import { apiSession, createUser, type QualityApp, type StorageState, startQualityApp } from "./quality-app";

/**
 * The product modal, paste first (issue 15): a pasted URL picks its platform and the page fills
 * the form at once; the interval is typed in seconds; the personal default webhook pre-fills it and
 * "Testar webhook" shows what the webhook answered. A private app reads a stand-in Nude Project
 * store and posts to a stand-in Discord (MONITOR_REDIRECT); it opens its own 1280, 800 and 390 px
 * contexts, so it runs once (in the desktop project).
 */
test.describe.configure({ mode: "serial", timeout: 240_000 });

const SHOP = "https://nudeproject.com";
/** a Shopify store that is none of the eleven: "Outra loja" (the stand-in serves it too) */
const OTHER_SHOP = "https://loja-das-camisolas.pt";
const DISCORD = "https://discord.com";
const PERSONAL_WEBHOOK = `${DISCORD}/api/webhooks/42/pessoal`;
const GLOBAL_WEBHOOK = `${DISCORD}/api/webhooks/1/global`;
const WIDTHS = {
  desktop: { width: 1280, height: 800 },
  tablet: { width: 800, height: 1000 },
  mobile: { width: 390, height: 844 },
} as const;
type Width = keyof typeof WIDTHS;

let app: QualityApp;
let retailer: FakeRetailer;
let webhook: FakeWebhook;
/** a reseller with a personal default webhook, and one without */
let rita: StorageState;
let rui: StorageState;
/** who looks at the modal at each width: "Testar webhook" allows 5 a minute per user */
const viewers: Partial<Record<"desktop" | "tablet" | "mobile", StorageState>> = {};

test.beforeAll(async () => {
  // the server compiles on start (tsx), slowly on a busy machine
  test.setTimeout(180_000);
  retailer = new FakeRetailer();
  const shop = await retailer.listen();
  retailer.setProduct("rebel-hoodie", {
    name: "Rebel Hoodie Preto",
    sizes: ["M", "L"],
    allSizes: ["S", "M", "L", "XL"],
    price: "89.00",
  });
  retailer.setProduct("muro", { name: "Produto bloqueado", block: "403" });
  retailer.setProduct("cargo-pants", { name: "Cargo Pants Cinza", sizes: ["S", "M"], price: "119.00" });
  webhook = new FakeWebhook();
  const hook = await webhook.listen();
  app = await startQualityApp({
    ALLOW_PRIVATE_WEBHOOKS: "true",
    MONITOR_REDIRECT: `${SHOP}=${shop},${OTHER_SHOP}=${shop},${DISCORD}=${hook}`,
  });
  const admin = await apiSession(app.url);
  expect(
    (await admin.put("/api/settings", { data: { global: { defaultWebhookUrl: GLOBAL_WEBHOOK } } })).ok(),
  ).toBe(true);
  const ritaUser = await createUser(admin, "rita.revenda", "Rita Revendedora");
  const ruiUser = await createUser(admin, "rui.revenda", "Rui Revendedor");
  await admin.dispose();
  const ritaApi = await apiSession(app.url, ritaUser.username, ritaUser.password);
  const saved = await ritaApi.put("/api/settings", {
    data: { user: { defaultWebhookUrl: PERSONAL_WEBHOOK } },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  rita = await ritaApi.storageState();
  await ritaApi.dispose();
  const ruiApi = await apiSession(app.url, ruiUser.username, ruiUser.password);
  rui = await ruiApi.storageState();
  await ruiApi.dispose();
  const again = await apiSession(app.url);
  for (const [width, name] of [
    ["desktop", "tania.revenda"],
    ["tablet", "tiago.revenda"],
    ["mobile", "marta.revenda"],
  ] as const) {
    const user = await createUser(again, name, name);
    const session = await apiSession(app.url, user.username, user.password);
    viewers[width] = await session.storageState();
    await session.dispose();
  }
  await again.dispose();
});

test.afterAll(async () => {
  await app?.stop();
  await retailer?.close();
  await webhook?.close();
});

async function open(browser: Browser, who: StorageState, width: Width, theme: Theme = "light") {
  return newAppContext(browser, {
    baseURL: app.url,
    storageState: who,
    viewport: WIDTHS[width],
    phone: width === "mobile",
    theme,
  });
}

async function openModal(page: Page): Promise<Locator> {
  await page.goto("/monitor");
  await page.getByRole("button", { name: "Adicionar Produto", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Adicionar Produto" })).toBeVisible();
  return dialog;
}

/**
 * The platforms are one row that scrolls sideways inside the dialog: every chip on the same
 * line, the row inside the dialog, the chosen chip in the row's view, the last one reachable by
 * scrolling the row, and neither the dialog nor the page scrolling sideways.
 */
async function expectPickerInside(dialog: Locator) {
  const box = await dialog.boundingBox();
  if (!box) throw new Error("diálogo sem caixa");
  const picker = dialog.getByTestId("platform-picker");
  const row = await picker.boundingBox();
  if (!row) throw new Error("seletor sem caixa");
  expect(row.x).toBeGreaterThanOrEqual(box.x);
  expect(row.x + row.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
  const chips = dialog.getByRole("radio");
  // one chip per platform of the catalogue ("Outra loja" included): a new platform file adds one
  const catalogue = await dialog.page().request.get("/api/platforms");
  expect(catalogue.ok()).toBe(true);
  await expect(chips).toHaveCount(((await catalogue.json()) as unknown[]).length);
  const tops = await chips.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
  expect(new Set(tops).size, "uma só linha de plataformas").toBe(1);
  // the chosen one is in the row's view
  const chosen = await dialog.locator("[role=radio][aria-checked=true]").boundingBox();
  if (!chosen) throw new Error("nenhuma plataforma escolhida");
  expect(chosen.x).toBeGreaterThanOrEqual(row.x - 0.5);
  expect(chosen.x + chosen.width).toBeLessThanOrEqual(row.x + row.width + 0.5);
  // the last chip can be scrolled to, and the row comes back where it was
  const reach = await picker.evaluate((el) => {
    const before = el.scrollLeft;
    el.scrollLeft = el.scrollWidth;
    const last = el.lastElementChild?.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    el.scrollLeft = before;
    return last ? last.right - box.right : Number.POSITIVE_INFINITY;
  });
  expect(reach, "a última plataforma alcança-se a deslizar").toBeLessThanOrEqual(0.5);
  expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  expect(
    await dialog.page().evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    "a página não desliza para o lado",
  ).toBeLessThanOrEqual(0);
}

/** the modal's top, then scrolled to its end (it scrolls inside itself on a phone) */
async function shoot(page: Page, dialog: Locator, name: string) {
  if (!TAKE_SCREENSHOTS) return;
  const dir = path.join("artifacts", "screenshots");
  fs.mkdirSync(dir, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await dialog.evaluate((el) => el.scrollTo(0, 0));
  await page.screenshot({ path: path.join(dir, `${name}-top.png`), animations: "disabled" });
  await dialog.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await page.screenshot({ path: path.join(dir, `${name}-end.png`), animations: "disabled" });
  await dialog.evaluate((el) => el.scrollTo(0, 0));
}

const received = (p: string) => webhook.received.filter((d) => d.path === p);

test("colar um URL da Nude Project com outra plataforma escolhida: escolhe a plataforma e preenche", async ({
  browser,
}) => {
  const context = await open(browser, rita, "desktop");
  const page = await context.newPage();
  const dialog = await openModal(page);

  // the personal default webhook, not the admin's
  await expect(dialog.getByLabel("URL do webhook")).toHaveValue(PERSONAL_WEBHOOK);
  // the URL field comes first and takes the focus
  await expect(dialog.getByLabel("URL do produto")).toBeFocused();
  await dialog.getByRole("radio", { name: /H&M/ }).click();
  await expect(dialog.getByLabel("Intervalo (segundos)")).toHaveValue("75");

  await dialog.getByLabel("URL do produto").fill(`${SHOP}/products/rebel-hoodie`);
  await expect(dialog.getByRole("radio", { name: /Nude Project/ })).toHaveAttribute("aria-checked", "true");
  await expect(dialog.getByLabel("Nome", { exact: true })).toHaveValue("Rebel Hoodie Preto");
  await expect(dialog.getByLabel("Preço (€)")).toHaveValue("89,00");
  await expect(dialog.getByLabel("ID do produto")).toHaveValue("rebel-hoodie");
  await expect(dialog.getByLabel("URL da imagem (opcional)")).toHaveValue(
    /\/cdn\/shop\/files\/rebel-hoodie\.jpg$/,
  );
  await expect(dialog.getByRole("list", { name: "Tamanhos na página" }).getByRole("listitem")).toHaveText([
    "S",
    "M",
    "L",
    "XL",
  ]);
  await expect(dialog.getByTestId("autofill-status")).toHaveText("Nude Project: dados lidos da página");
  // the interval still at H&M's start follows the platform: Nude Project's 20 s is faster than
  // Settings → Global's default (60 s), so the new monitor starts at 60 s (H&M's 75 s stayed 75)
  await expect(dialog.getByLabel("Intervalo (segundos)")).toHaveValue("60");
  await expectPickerInside(dialog);

  // in seconds: 45 s is kept as 45 000 ms and shown as such
  await dialog.getByLabel("Intervalo (segundos)").fill("45");
  await dialog.getByRole("button", { name: "Adicionar Monitor" }).click();
  await expect(dialog).toBeHidden();
  const products = (await (await page.request.get("/api/products")).json()) as {
    name: string;
    checkInterval: number;
    platform: string;
    webhookUrl: string;
    price: string;
    productId: string;
    alertChannels: unknown;
  }[];
  expect(products).toHaveLength(1);
  expect(products[0]).toMatchObject({
    name: "Rebel Hoodie Preto",
    platform: "nudeproject",
    productId: "rebel-hoodie",
    price: "89.00",
    checkInterval: 45_000,
    webhookUrl: PERSONAL_WEBHOOK,
    // switches left alone: the product follows Settings
    alertChannels: null,
  });
  const card = page.getByTestId("product-card").filter({ hasText: "Rebel Hoodie Preto" });
  await expect(card).toContainText("45 s");

  // editing shows it back in seconds
  await card.getByRole("button", { name: "Editar" }).click();
  await expect(dialog.getByLabel("Intervalo (segundos)")).toHaveValue("45");
  // the stored "89.00" comes back with the pt-PT comma
  await expect(dialog.getByLabel("Preço (€)")).toHaveValue("89,00");
  await dialog.getByLabel("Intervalo (segundos)").fill("0,5");
  await dialog.getByRole("button", { name: "Atualizar Monitor" }).click();
  await expect(dialog.getByText("Intervalo mínimo é 1 segundo")).toBeVisible();
  await dialog.getByLabel("Intervalo (segundos)").fill("90");
  await expect(dialog.getByTestId("interval-reading")).toHaveText("= 1 min 30 s");
  // the channels start as Settings say (push off); this product: push too
  const channels = dialog.getByRole("group", { name: "Canais de alerta" });
  await expect(channels.getByRole("switch", { name: /Webhook/ })).toBeChecked();
  // the e2e server has no SMTP_URL: the e-mail switch is off, disabled and says why, as in Settings
  await expect(channels.getByRole("switch", { name: /^Email/ })).not.toBeChecked();
  await expect(channels.getByRole("switch", { name: /^Email/ })).toBeDisabled();
  await expect(channels.getByText("O servidor não tem e-mail configurado.")).toBeVisible();
  await expect(channels.getByRole("switch", { name: /Notificações push/ })).not.toBeChecked();
  await channels.getByRole("switch", { name: /Notificações push/ }).click();
  await dialog.getByRole("button", { name: "Atualizar Monitor" }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText("1 min 30 s");
  const [edited] = (await (await page.request.get("/api/products")).json()) as { alertChannels: unknown }[];
  expect(edited.alertChannels).toEqual({ webhook: true, email: false, push: true });
  await card.getByRole("button", { name: "Editar" }).click();
  await expect(channels.getByRole("switch", { name: /^Email/ })).not.toBeChecked();
  await expect(channels.getByRole("switch", { name: /Notificações push/ })).toBeChecked();
  // no webhook URL: refused while the Webhook channel is on, saved once it is off
  await dialog.getByLabel("URL do webhook").fill("");
  await dialog.getByRole("button", { name: "Atualizar Monitor" }).click();
  await expect(dialog.getByText("URL do webhook obrigatório")).toBeVisible();
  await channels.getByRole("switch", { name: /Webhook/ }).click();
  await dialog.getByRole("button", { name: "Atualizar Monitor" }).click();
  await expect(dialog).toBeHidden();
  const [noHook] = (await (await page.request.get("/api/products")).json()) as { webhookUrl: string }[];
  expect(noHook.webhookUrl).toBe("");
  await card.getByRole("button", { name: "Editar" }).click();
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await page.request.delete(
    `/api/products/${((await (await page.request.get("/api/products")).json()) as { id: number }[])[0].id}`,
  );
  await context.close();
});

test("uma só colagem: o URL colado lê a página logo, sem a pausa de quem escreve, e o produto fica adicionado", async ({
  browser,
}) => {
  const context = await open(browser, rita, "desktop");
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const page = await context.newPage();
  // the page's clock stands still: typing's 600 ms pause never ends unless the test moves it
  await page.clock.install();
  const dialog = await openModal(page);
  await page.clock.pauseAt(Date.now() + 60_000);
  const previews: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/products/preview") previews.push(r.postDataJSON().url);
  });
  const field = dialog.getByLabel("URL do produto");

  // typed: nothing is read while the pause has not passed
  await field.pressSequentially(`${SHOP}/products/rebel-hoodie`);
  await page.waitForTimeout(1000);
  expect(previews).toEqual([]);
  await page.clock.runFor(700);
  await expect.poll(() => previews).toEqual([`${SHOP}/products/rebel-hoodie`]);

  // pasted: read at once, with the clock still standing
  await field.fill("");
  await page.evaluate((url) => navigator.clipboard.writeText(url), `${SHOP}/products/cargo-pants`);
  await field.press("ControlOrMeta+V");
  await expect
    .poll(() => previews)
    .toEqual([`${SHOP}/products/rebel-hoodie`, `${SHOP}/products/cargo-pants`]);
  // the rest of the page may use its timers again
  await page.clock.resume();
  await expect(dialog.getByLabel("Nome", { exact: true })).toHaveValue("Cargo Pants Cinza");
  await expect(dialog.getByLabel("Preço (€)")).toHaveValue("119,00");
  await expect(dialog.getByRole("radio", { name: /Nude Project/ })).toHaveAttribute("aria-checked", "true");

  // nothing else to do: the webhook is the personal default; the interval starts at Settings → Global's
  // default (60 s), as Nude Project's own 20 s is faster
  await dialog.getByRole("button", { name: "Adicionar Monitor" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("product-card").filter({ hasText: "Cargo Pants Cinza" })).toBeVisible();
  const [product] = (await (await page.request.get("/api/products")).json()) as {
    id: number;
    url: string;
    checkInterval: number;
    webhookUrl: string;
  }[];
  expect(product).toMatchObject({
    url: `${SHOP}/products/cargo-pants`,
    checkInterval: 60_000,
    webhookUrl: PERSONAL_WEBHOOK,
  });
  await page.request.delete(`/api/products/${product.id}`);
  await context.close();
});

test("o que a pessoa escreveu fica; uma página que não se lê diz porquê; um site desconhecido pede a plataforma", async ({
  browser,
}) => {
  const context = await open(browser, rita, "desktop");
  const page = await context.newPage();
  const dialog = await openModal(page);
  await dialog.getByLabel("Nome", { exact: true }).fill("O meu hoodie");
  await dialog.getByLabel("URL do produto").fill(`${SHOP}/products/rebel-hoodie`);
  await expect(dialog.getByLabel("Preço (€)")).toHaveValue("89,00");
  await expect(dialog.getByLabel("Nome", { exact: true })).toHaveValue("O meu hoodie");

  await dialog.getByLabel("URL do produto").fill(`${SHOP}/products/muro`);
  await expect(dialog.getByTestId("autofill-status")).toContainText(
    "Não foi possível ler a página (bloqueado)",
  );
  await expect(dialog.getByTestId("autofill-status")).toContainText("Preencha os campos à mão");
  // what the first page gave does not stay for another product; what was typed does
  await expect(dialog.getByLabel("Preço (€)")).toHaveValue("");
  await expect(dialog.getByLabel("ID do produto")).toHaveValue("muro");
  await expect(dialog.getByLabel("Nome", { exact: true })).toHaveValue("O meu hoodie");

  // only https pages are another store ("Outra loja"): a plain http page of an unknown site asks
  await dialog.getByLabel("URL do produto").fill("http://www.amazon.es/dp/B0C1234567");
  await expect(dialog.getByTestId("autofill-status")).toHaveText(
    "Site não reconhecido: escolha a plataforma abaixo.",
  );
  await expect(dialog.getByRole("radio", { name: /Nude Project/ })).toHaveAttribute("aria-checked", "true");
  await context.close();
});

test("uma loja que não é nenhuma das onze: 'Outra loja' escolhida sozinha, diz que leitor a leu, e o cartão nomeia o site", async ({
  browser,
}) => {
  for (const [width, theme] of [
    ["desktop", "light"],
    ["mobile", "dark"],
  ] as const) {
    const context = await open(browser, rita, width, theme);
    const page = await context.newPage();
    const dialog = await openModal(page);
    await dialog.getByLabel("URL do produto").fill(`${OTHER_SHOP}/products/cargo-pants`);
    await expect(dialog.getByTestId("autofill-status")).toHaveText(
      "Outra loja: lido por Shopify (/products/….js)",
    );
    await expect(dialog.getByRole("radio", { name: /Outra loja/ })).toHaveAttribute("aria-checked", "true");
    await expect(dialog.getByLabel("Nome", { exact: true })).toHaveValue("Cargo Pants Cinza");
    await expect(dialog.getByLabel("Intervalo (segundos)")).toHaveValue("60");
    await shoot(page, dialog, `modal-outra-loja-${width}-${theme}`);
    if (width === "desktop") {
      await dialog.getByRole("button", { name: "Adicionar Monitor" }).click();
      await expect(dialog).toBeHidden();
    } else {
      await page.keyboard.press("Escape");
    }
    const card = page.getByTestId("product-card").filter({ hasText: "Cargo Pants Cinza" });
    await expect(card).toBeVisible();
    await expect(card.getByText("loja-das-camisolas.pt", { exact: true })).toBeVisible();
    await elementScreenshot(card, `card-outra-loja-${width}-${theme}`);
    if (width === "mobile") {
      const products = (await (await page.request.get("/api/products")).json()) as {
        id: number;
        platform: string;
      }[];
      for (const p of products.filter((p) => p.platform === "anystore"))
        await page.request.delete(`/api/products/${p.id}`);
    }
    await context.close();
  }
});

test("Testar webhook no modal e nas Configurações; o webhook pessoal preenche o modal, senão o global", async ({
  browser,
}) => {
  const context = await open(browser, rita, "desktop");
  const page = await context.newPage();
  const dialog = await openModal(page);
  const before = received("/api/webhooks/42/pessoal").length;
  await dialog.getByRole("button", { name: "Testar webhook" }).click();
  await expect(dialog.getByTestId("webhook-test-answer")).toHaveText("Mensagem de teste enviada (HTTP 204)");
  const [message] = received("/api/webhooks/42/pessoal").slice(before);
  expect(message.body).toMatchObject({ username: "Stock Monitor", embeds: [{ title: "Mensagem de teste" }] });
  // the answer belongs to the address tested
  await dialog.getByLabel("URL do webhook").fill(`${DISCORD}/api/webhooks/43/outro`);
  await expect(dialog.getByTestId("webhook-test-answer")).toBeEmpty();
  webhook.setMode("404", { times: 1 });
  await dialog.getByRole("button", { name: "Testar webhook" }).click();
  await expect(dialog.getByTestId("webhook-test-answer")).toHaveText(
    "O webhook recusou a mensagem (HTTP 404): Unknown Webhook",
  );
  await page.keyboard.press("Escape");

  // Settings → Utilizador: the personal default, tested and changed
  await page.goto("/settings");
  await page.getByRole("tab", { name: "Utilizador" }).click();
  const field = page.getByLabel("O meu webhook padrão");
  await expect(field).toHaveValue(PERSONAL_WEBHOOK);
  const changed = `${DISCORD}/api/webhooks/44/novo`;
  await field.fill(changed);
  await page.getByRole("tabpanel").getByRole("button", { name: "Testar webhook" }).click();
  await expect(page.getByTestId("webhook-test-answer")).toHaveText("Mensagem de teste enviada (HTTP 204)");
  expect(received("/api/webhooks/44/novo")).toHaveLength(1);
  if (TAKE_SCREENSHOTS) {
    // a sticky header would otherwise be drawn where the window was scrolled to
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: path.join("artifacts", "screenshots", "settings-user-webhook.png"),
      fullPage: true,
      animations: "disabled",
    });
  }
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(toast(page, "Preferências guardadas")).toBeVisible();
  const again = await openModal(page);
  await expect(again.getByLabel("URL do webhook")).toHaveValue(changed);
  await context.close();

  // without a personal default, the admin's global one
  const other = await open(browser, rui, "desktop");
  const ruiPage = await other.newPage();
  const ruiDialog = await openModal(ruiPage);
  await expect(ruiDialog.getByLabel("URL do webhook")).toHaveValue(GLOBAL_WEBHOOK);
  await other.close();
});

for (const width of ["desktop", "tablet", "mobile"] as const) {
  for (const theme of THEMES_OF_A_FLOW) {
    test(`o modal a ${WIDTHS[width].width} px, tema ${theme === "light" ? "claro" : "escuro"}`, async ({
      browser,
    }) => {
      // one user per width: two webhook tests each, within the limit of 5 a minute
      const viewer = viewers[width];
      if (!viewer) throw new Error(`sem utilizador para ${width}`);
      const context: BrowserContext = await open(browser, viewer, width, theme);
      const page = await context.newPage();
      const dialog = await openModal(page);
      await expectPickerInside(dialog);
      await shoot(page, dialog, `product-modal-${width}-${theme}-empty`);
      await dialog.getByLabel("URL do produto").fill(`${SHOP}/products/rebel-hoodie`);
      await expect(dialog.getByLabel("Nome", { exact: true })).toHaveValue("Rebel Hoodie Preto");
      await dialog.getByRole("button", { name: "Testar webhook" }).click();
      await expect(dialog.getByTestId("webhook-test-answer")).toHaveText(/HTTP 204/);
      await dialog.getByText("Avançado").click();
      await expect(dialog.getByLabel("Configuração (JSON)")).toBeVisible();
      await expectPickerInside(dialog);
      await shoot(page, dialog, `product-modal-${width}-${theme}-filled`);
      await context.close();
    });
  }
}

test("num telemóvel, o aviso de uma falha fica longe do botão do modal, que continua a poder ser tocado", async ({
  browser,
}) => {
  // a user one monitor short of the limit opens the modal; another tab takes the last place, so the
  // modal's submit is refused by the server with a toast
  const admin = await apiSession(app.url);
  const made = await admin.post("/api/admin/users", {
    data: { username: "nuno.revenda", password: "password-qualidade", monitorLimit: 1 },
  });
  expect(made.ok(), await made.text()).toBe(true);
  await admin.dispose();
  const nunoApi = await apiSession(app.url, "nuno.revenda", "password-qualidade");
  const nuno = await nunoApi.storageState();

  const context = await open(browser, nuno, "mobile");
  const page = await context.newPage();
  const dialog = await openModal(page);
  await dialog.getByLabel("URL do produto").fill(`${SHOP}/products/rebel-hoodie`);
  await expect(dialog.getByLabel("Nome", { exact: true })).toHaveValue("Rebel Hoodie Preto");
  await dialog.getByLabel("URL do webhook").fill(PERSONAL_WEBHOOK);
  const elsewhere = await nunoApi.post("/api/products", {
    data: {
      name: "Cargo Pants Cinza",
      url: `${SHOP}/products/cargo-pants`,
      platform: "nudeproject",
      webhookUrl: PERSONAL_WEBHOOK,
      isActive: false,
    },
  });
  expect(elsewhere.ok(), await elsewhere.text()).toBe(true);
  await nunoApi.dispose();
  const submit = dialog.getByRole("button", { name: "Adicionar Monitor" });
  await submit.click();
  const refused = toast(page, "Limite de monitores atingido");
  await expect(refused).toBeVisible();
  await expect(dialog).toBeVisible();
  const [toastBox, submitBox] = [await refused.boundingBox(), await submit.boundingBox()];
  if (!toastBox || !submitBox) throw new Error("sem caixas");
  // the toast sits above the submit button, never over it
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(submitBox.y);
  if (TAKE_SCREENSHOTS)
    await page.screenshot({ path: path.join("artifacts", "screenshots", "modal-toast-mobile.png") });
  await context.close();
});
