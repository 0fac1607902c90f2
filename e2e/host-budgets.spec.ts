import { expect, type Page, test } from "@playwright/test";
import { isMobileProject, loginViaApi, screenshot, screenshotBothThemes, setTheme } from "./helpers";

/**
 * Settings → Sistema, "Limites por site" (issue 26), at 1280 px (desktop project) and 390 px
 * (mobile): the admin sees each host's budget, demand and real interval and changes a budget; the
 * card, the list's row and the edit form then say the interval it really gets. The blind and
 * stretched card texts are shot in light and dark.
 */
test.describe.configure({ timeout: 180_000 });

async function ensureAdmin(page: Page) {
  const me = await page.request.get("/api/user");
  if (me.ok() && (await me.json()).role === "admin") return;
  await page.context().clearCookies();
  await loginViaApi(page);
}

const HOST = "www.zara.com";
const name = () => `Casaco limite ${isMobileProject() ? "m" : "d"}`;

test("the admin sets a site's budget in Sistema; the card says the stretched interval; the blind card says so", async ({
  page,
}) => {
  await ensureAdmin(page);
  const suffix = isMobileProject() ? "390" : "1280";
  // 6 Zara monitors at 1 s: 360 checks a minute asked. The interval here is the demand the budget is
  // measured against, not a clock the spec waits on: the shared app's engine is off, nothing is
  // checked, and the card's stretched interval follows from 360 asked against a budget of 12
  for (let i = 0; i < 6; i++) {
    const res = await page.request.post("/api/products", {
      data: {
        name: `${name()} ${i}`,
        url: `https://www.zara.com/pt/pt/casaco-p0201560${i}.html`,
        productId: `0201560${i}`,
        platform: "zara",
        webhookUrl: "https://162.159.135.232/api/webhooks/1/token",
        checkInterval: 1000,
        isActive: true,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.goto("/settings");
  await page.getByRole("tab", { name: "Sistema" }).click();
  const card = page.getByTestId("host-budgets");
  const row = card.getByTestId("host-budget-row").filter({ hasText: HOST });
  await expect(row).toContainText("Zara");
  await row.getByLabel(`Pedidos por minuto em ${HOST}`).fill("12");
  await row.getByLabel(`Pedidos em simultâneo em ${HOST}`).fill("1");
  await row.getByRole("button", { name: `Guardar o limite de ${HOST}` }).click();
  await expect(row).toContainText("12/min · 1 em simultâneo");
  await expect(row).toContainText("definido por si");
  await expect(row.getByTestId("host-budget-effective")).toContainText("esticado até ~");
  for (const theme of ["light", "dark"] as const) {
    await setTheme(page, theme);
    await page.getByRole("tab", { name: "Sistema" }).click();
    await page.getByTestId("host-budgets").scrollIntoViewIfNeeded();
    // nothing sideways
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await screenshot(page, `host-budgets-${suffix}-${theme}`);
  }

  // the card of a stretched monitor, and (its answer shown as a blind monitor's) the blind card
  await page.route("**/api/products", async (route) => {
    if (route.request().method() !== "GET") return route.continue();
    const res = await route.fetch();
    const list = (await res.json()) as {
      name: string;
      blindSince?: string | null;
      lastError?: string | null;
    }[];
    const blind = list.find((p) => p.name === `${name()} 0`);
    if (blind) {
      blind.blindSince = new Date(Date.now() - 25 * 60_000).toISOString();
      blind.lastError = "bloqueado (Cloudflare)";
      Object.assign(blind, { failureStreak: 40, lastErrorAt: new Date().toISOString() });
    }
    await route.fulfill({ response: res, json: list });
  });
  for (const theme of ["light", "dark"] as const) {
    await setTheme(page, theme);
    await page.goto("/monitor");
    const stretched = page.getByTestId("product-card").filter({ hasText: `${name()} 1` });
    await expect(stretched.getByTestId("stretched-interval")).toContainText("limite do site Zara");
    const blind = page.getByTestId("product-card").filter({ hasText: `${name()} 0` });
    await expect(blind).toContainText("Não consegue verificar");
    await expect(blind).toContainText("bloqueado (Cloudflare)");
    await blind.scrollIntoViewIfNeeded();
    await screenshot(page, `blind-stretched-cards-${suffix}-${theme}`);
  }
  await setTheme(page, "light");
  await page.unroute("**/api/products");

  // the card's line is read whole: it wraps inside the value's column, none of it cut off
  await page.goto("/monitor");
  const stretchedCard = page.getByTestId("product-card").filter({ hasText: `${name()} 1` });
  const line = stretchedCard.getByTestId("stretched-interval");
  await expect(line).toContainText("limite do site Zara");
  const cutOff = await line.evaluate((el) => {
    const column = el.parentElement as HTMLElement;
    return column.scrollWidth - column.clientWidth;
  });
  expect(cutOff).toBe(0);
  // the edit form says it under the interval
  const dialog = page.getByRole("dialog");
  const openForm = async () => {
    await stretchedCard.getByRole("button", { name: "Editar" }).click();
    await dialog.getByTestId("stretched-interval").scrollIntoViewIfNeeded();
  };
  await openForm();
  await expect(dialog.getByTestId("stretched-interval")).toContainText("limite do site Zara");
  await screenshotBothThemes(page, `stretched-form-${suffix}`, openForm);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // and so does the list's row
  const openList = () => page.getByRole("button", { name: "Vista em lista" }).click();
  await openList();
  const listed = page.getByTestId("product-row").filter({ hasText: `${name()} 1` });
  await expect(listed.getByTestId("stretched-interval")).toContainText("limite do site Zara");
  await screenshotBothThemes(page, `stretched-list-${suffix}`, openList);
  await page.getByRole("button", { name: "Vista em cartões" }).click();
  // clean up: the budget back to the platform's, the monitors gone
  await page.goto("/settings");
  await page.getByRole("tab", { name: "Sistema" }).click();
  await page.getByRole("button", { name: `Repor o limite da plataforma em ${HOST}` }).click();
  await expect(
    page.getByTestId("host-budget-row").filter({ hasText: HOST }).getByText("da plataforma"),
  ).toBeVisible();
  const all = (await (await page.request.get("/api/products")).json()) as { id: number; name: string }[];
  for (const p of all.filter((p) => p.name.startsWith(name())))
    await page.request.delete(`/api/products/${p.id}`);
});
