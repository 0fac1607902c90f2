import { expect, type Page, test } from "@playwright/test";
import { createUserViaApi, loginViaApi, screenshot, setTheme } from "./helpers";

test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  const me = await page.request.get("/api/user");
  if (me.ok() && (await me.json()).role === "admin") return;
  await page.context().clearCookies();
  await loginViaApi(page);
});

/** where `inner` sticks out of `outer`, in px on each side (empty when it is inside) */
async function overhang(page: Page, inner: string, outer: string): Promise<string[]> {
  return page.evaluate(
    ([innerSel, outerSel]) => {
      const problems: string[] = [];
      const outerEl = document.querySelector(outerSel);
      if (!outerEl) return [`sem ${outerSel}`];
      const box = outerEl.getBoundingClientRect();
      const cells = document.querySelectorAll(innerSel);
      if (!cells.length) return [`sem ${innerSel}`];
      for (const cell of cells) {
        const r = cell.getBoundingClientRect();
        if (r.width === 0) problems.push(`${innerSel} sem largura`);
        if (r.left < box.left - 0.5)
          problems.push(`${innerSel} sai ${Math.round(box.left - r.left)} px à esquerda`);
        if (r.right > box.right + 0.5)
          problems.push(`${innerSel} sai ${Math.round(r.right - box.right)} px à direita`);
      }
      return problems;
    },
    [inner, outer],
  );
}

test("a barra lateral fica só com ícones entre 769 e 1100 px e mostra os nomes acima", async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto("/monitor");
  const sidebar = page.getByRole("complementary", { name: "Navegação principal" });
  await expect(sidebar).toBeVisible();
  expect((await sidebar.boundingBox())?.width).toBeLessThanOrEqual(64);
  // the entries keep their names for screen readers, and the words are not drawn
  const inventory = sidebar.getByRole("link", { name: /Inventário/ });
  await expect(inventory).toBeVisible();
  await expect(sidebar.getByText("Gestão de stock")).not.toBeInViewport();
  expect((await inventory.boundingBox())?.width).toBeLessThanOrEqual(48);
  // a tooltip says the name on hover
  await inventory.hover();
  await expect(page.getByRole("tooltip", { name: "Inventário" })).toBeVisible();
  await screenshot(page, "sidebar-icons-800");
  await inventory.click();
  await expect(page).toHaveURL(/\/inventory$/);
  await expect(inventory).toHaveAttribute("aria-current", "page");

  await page.setViewportSize({ width: 1100, height: 900 });
  expect((await sidebar.boundingBox())?.width).toBeLessThanOrEqual(64);
  await page.setViewportSize({ width: 1101, height: 900 });
  await expect(sidebar.getByText("Gestão de stock")).toBeVisible();
  // 256 px with its border; the aside inside is 255
  expect((await sidebar.boundingBox())?.width).toBeGreaterThan(250);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(sidebar.getByText("Gestão de stock")).toBeVisible();
  await sidebar.getByRole("link", { name: /Vendas/ }).hover();
  await expect(page.getByRole("tooltip")).toBeHidden();
});

test("a tabela de utilizadores do /staff-admin cabe no seu cartão a 800 e 1280 px", async ({ page }) => {
  const stamp = Date.now().toString(36);
  // long names and e-mails are what pushed the limit and the actions out
  await createUserViaApi(page, {
    username: `comprido_${stamp}_revendedor`,
    fullName: "Maria Albertina Gonçalves de Vasconcelos Teixeira",
    email: `maria.albertina.vasconcelos.teixeira.${stamp}@exemplo-muito-comprido.pt`,
  });
  for (const width of [800, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const theme of ["light", "dark"] as const) {
      await page.goto("/staff-admin");
      await setTheme(page, theme);
      const table = page.locator("[data-slot=card]", { has: page.locator("table") });
      await expect(table.locator("table")).toBeVisible();
      await table.evaluate((el) => el.setAttribute("data-e2e", "users-card"));
      const where = `${width} px, ${theme}`;
      expect(
        await overhang(page, "[data-e2e=users-card] th:last-child", "[data-e2e=users-card]"),
        where,
      ).toEqual([]);
      expect(
        await overhang(page, "[data-e2e=users-card] td:last-child button", "[data-e2e=users-card]"),
        where,
      ).toEqual([]);
      expect(
        await overhang(
          page,
          "[data-e2e=users-card] table [data-testid=monitor-limit]",
          "[data-e2e=users-card]",
        ),
        where,
      ).toEqual([]);
      // nothing hidden behind a sideways scroll either
      const scroll = await table
        .locator("[data-slot=table-container]")
        .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(scroll.scroll, where).toBeLessThanOrEqual(scroll.client);
      await screenshot(page, `staff-admin-table-${width}-${theme}`);
    }
  }
  await setTheme(page, "light");

  // /admin's table (from 1024 px; a list below) keeps its actions inside its card too
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin");
  const card = page.locator("[data-slot=card]", { has: page.locator("table") });
  await expect(card.locator("table")).toBeVisible();
  await card.evaluate((el) => el.setAttribute("data-e2e", "admin-card"));
  expect(await overhang(page, "[data-e2e=admin-card] td:last-child button", "[data-e2e=admin-card]")).toEqual(
    [],
  );
  expect(
    await overhang(page, "[data-e2e=admin-card] table [data-testid=monitor-limit]", "[data-e2e=admin-card]"),
  ).toEqual([]);
  await screenshot(page, "admin-table-1280");
});
