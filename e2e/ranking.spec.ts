import { WIDE_ONLY } from "./constants";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { createUserViaApi, loginViaApi, NO_SESSION, screenshot, screenshotBothThemes } from "./helpers";

test.describe.configure({ timeout: 240_000 });

/** a fresh browser of `username`, logged in, at `width` */
async function sellerPage(browser: Browser, username: string, password: string, width: number) {
  const context = await browser.newContext({
    storageState: NO_SESSION,
    viewport: { width, height: 900 },
    locale: "pt-PT",
    timezoneId: "Europe/Lisbon",
  });
  const page = await context.newPage();
  await loginViaApi(page, username, password);
  return page;
}

async function sell(page: Page, name: string, price: string, salePrice: string, saleDate?: string) {
  const item = await (await page.request.post("/api/inventory", { data: { name, price } })).json();
  const sale = await page.request.post("/api/sales", {
    data: {
      inventoryItemId: item.id,
      salePrice,
      fees: "0",
      platform: "Vinted",
      ...(saleDate ? { saleDate } : {}),
    },
  });
  expect(sale.ok(), await sale.text()).toBeTruthy();
}

/** the ranking's lines of these users (cards below 1280 px, table rows from there) */
const lines = (page: Page) =>
  page.getByTestId((page.viewportSize()?.width ?? 0) >= 1280 ? "ranking-row" : "ranking-card");

// opens its own widths (390, 800 and 1280 px): once, in the desktop project
test("esconder-se do ranking e escolher o período: os outros deixam de o ver, o admin vê-o marcado", {
  tag: WIDE_ONLY,
}, async ({ browser, page }) => {
  const me = await page.request.get("/api/user");
  if (!me.ok() || (await me.json()).role !== "admin") {
    await page.context().clearCookies();
    await loginViaApi(page);
  }
  const stamp = Date.now().toString(36);
  const old = await createUserViaApi(page, { username: `antiga_${stamp}`, fullName: `Rita Antiga ${stamp}` });
  const fresh = await createUserViaApi(page, { username: `nova_${stamp}`, fullName: `Nuno Novo ${stamp}` });

  const rita = await sellerPage(browser, old.username, old.password, 1280);
  const nuno = await sellerPage(browser, fresh.username, fresh.password, 390);
  // Rita sold a lot, long ago; Nuno a little, today
  await sell(rita, "Casaco antigo", "10", "510", "2020-05-10");
  await sell(nuno, "Boné novo", "5", "15");

  // all time by default: both, Rita ahead
  await rita.goto("/ranking");
  const ritaLine = lines(rita).filter({ hasText: `@${old.username}` });
  const nunoLine = lines(rita).filter({ hasText: `@${fresh.username}` });
  await expect(ritaLine).toBeVisible();
  await expect(nunoLine).toBeVisible();
  const period = rita.getByRole("combobox", { name: "Período" });
  await expect(period).toHaveText("Desde sempre");

  // this month and this year: Rita's old sale does not count
  for (const label of ["Este mês", "Este ano"]) {
    await period.click();
    await rita.getByRole("option", { name: label }).click();
    await expect(nunoLine, label).toBeVisible();
    await expect(ritaLine, label).toHaveCount(0);
  }
  await screenshot(rita, "ranking-period-year-1280");
  await period.click();
  await rita.getByRole("option", { name: "Desde sempre" }).click();
  await expect(ritaLine).toBeVisible();

  // Rita hides herself
  const hideMe = rita.getByRole("switch", { name: "Esconder-me do ranking" });
  await expect(hideMe).not.toBeChecked();
  await hideMe.click();
  await expect(hideMe).toBeChecked();
  await expect(rita.getByText("Está escondido: só os administradores o veem no ranking.")).toBeVisible();
  await expect(ritaLine).toHaveCount(0);
  await screenshot(rita, "ranking-hidden-1280");
  // it stays after a reload
  await rita.reload();
  await expect(hideMe).toBeChecked();

  // Nuno, on a phone, does not see her
  await nuno.goto("/ranking");
  await expect(lines(nuno).filter({ hasText: `@${fresh.username}` })).toBeVisible();
  await expect(lines(nuno).filter({ hasText: `@${old.username}` })).toHaveCount(0);
  expect(
    await nuno.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await screenshot(nuno, "ranking-390");

  // the admin sees her, marked hidden, at 800 and 1280 px, light and dark
  for (const width of [800, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/ranking");
    const hiddenLine = lines(page).filter({ hasText: `@${old.username}` });
    await expect(hiddenLine).toBeVisible();
    await expect(hiddenLine.getByText("Escondido", { exact: true })).toBeVisible();
    await expect(
      lines(page)
        .filter({ hasText: `@${fresh.username}` })
        .getByText("Escondido"),
    ).toHaveCount(0);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await screenshotBothThemes(page, `ranking-admin-${width}`, () => expect(hiddenLine).toBeVisible());
  }

  // back in the ranking
  await hideMe.click();
  await expect(hideMe).not.toBeChecked();
  await nuno.reload();
  await expect(lines(nuno).filter({ hasText: `@${old.username}` })).toBeVisible();
  await rita.context().close();
  await nuno.context().close();
});
