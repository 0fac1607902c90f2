import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { loggedOut, setTheme, type Theme } from "./helpers";

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary).toEqual([]);
}

for (const theme of ["light", "dark"] as Theme[]) {
  test.describe(`acessibilidade, tema ${theme === "light" ? "claro" : "escuro"}`, () => {
    test.describe("sem sessão", () => {
      test.use(loggedOut);
      test("o ecrã de login", async ({ page }) => {
        await page.goto("/login");
        await setTheme(page, theme);
        await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
        await expectNoViolations(page);
      });
    });

    test("a moldura (cabeçalho, navegação, 404)", async ({ page }) => {
      await page.goto("/pagina-que-nao-existe");
      await setTheme(page, theme);
      await expect(page.getByText("404 Page Not Found")).toBeVisible();
      await expectNoViolations(page);
    });
  });
}
