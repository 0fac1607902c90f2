import { expect, type Page, test } from "@playwright/test";
import { loggedOut, setTheme, type Theme } from "./helpers";
import { axeProblems, axeScan } from "./quality-checks";

async function expectNoViolations(page: Page) {
  const results = await axeScan(page);
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

test("o exame de acessibilidade encontra o que está mal numa página feita para falhar", async ({ page }) => {
  await page.setContent(
    `<html lang="pt"><head><title>t</title></head><body><main>
      <p style="color:#bbb;background:#fff">texto claro demais</p><button></button><img src="x.png">
    </main></body></html>`,
  );
  const problems = (await axeProblems(page, "página")).join("\n");
  expect(problems).toContain("axe serious color-contrast");
  expect(problems).toContain("axe critical button-name");
  expect(problems).toContain("axe critical image-alt");
});

test("o exame seguinte no mesmo documento lê a página como está agora", async ({ page }) => {
  // axe goes into a document once (axeScan): a later scan must see what changed since, not the first page
  await page.setContent(
    `<html lang="pt"><head><title>t</title></head><body><main><button></button></main></body></html>`,
  );
  expect((await axeProblems(page, "antes")).join("\n")).toContain("axe critical button-name");
  await page.evaluate(() => {
    const main = document.querySelector("main") as HTMLElement;
    main.innerHTML = `<button>Guardar</button><img src="x.png">`;
  });
  const after = (await axeProblems(page, "depois")).join("\n");
  expect(after).not.toContain("button-name");
  expect(after).toContain("axe critical image-alt");
});
