import { expect, test } from "@playwright/test";
import { createUserViaApi, failReadsUntilRecovered, loginViaApi, screenshot } from "./helpers";

/** a fresh user with one inventory item, logged in in this page's context */
async function freshUserWithItem(page: import("@playwright/test").Page) {
  await page.context().clearCookies();
  await loginViaApi(page);
  const user = await createUserViaApi(page, {
    username: `sessao-${test.info().project.name}-${Date.now().toString(36)}`,
  });
  await page.context().clearCookies();
  await loginViaApi(page, user.username, user.password);
  const created = await page.request.post("/api/inventory", { data: { name: "Camisola Nude", price: "35" } });
  expect(created.ok(), await created.text()).toBeTruthy();
}

test("a sessão que termina noutro lado: o Inventário avisa na próxima atualização", async ({ page }) => {
  await page.clock.install();
  await freshUserWithItem(page);
  await page.goto("/inventory");
  await expect(page.getByText("Camisola Nude")).toBeVisible();

  // the session ends elsewhere (another tab's logout): this tab's cookie is gone
  await page.request.post("/api/logout");
  // the list is polled every 30 s
  await page.clock.fastForward(31_000);
  await expect(page.getByText("Autenticação necessária")).toBeVisible();
  await expect(page.getByText("Inicie sessão para ver e gerir o seu inventário.")).toBeVisible();
  await expect(page.getByText("Camisola Nude")).toHaveCount(0);
  await screenshot(page, "inventory-session-ended");
});

test("uma falha ao carregar o Inventário mostra o erro e 'Tentar Novamente' recupera", async ({ page }) => {
  await freshUserWithItem(page);
  const reads = await failReadsUntilRecovered(page, "**/api/inventory");
  await page.goto("/inventory");
  await expect(page.getByText("Erro ao carregar inventário")).toBeVisible();
  await expect(page.getByText("Serviço indisponível")).toBeVisible();
  await screenshot(page, "inventory-load-error");
  reads.recover();
  await page.getByRole("button", { name: "Tentar Novamente" }).click();
  await expect(page.getByText("Camisola Nude")).toBeVisible();
  await expect(page.getByText("Erro ao carregar inventário")).toHaveCount(0);
});

test("sem o catálogo de plataformas, a app diz que o servidor falhou e 'Tentar Novamente' recupera", async ({
  page,
}) => {
  await freshUserWithItem(page);
  const reads = await failReadsUntilRecovered(page, "**/api/platforms");
  await page.goto("/monitor");
  await expect(page.getByText("Não foi possível contactar o servidor")).toBeVisible();
  await expect(page.getByText("Serviço indisponível")).toBeVisible();
  reads.recover();
  await page.getByRole("button", { name: "Tentar Novamente" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Monitor" })).toBeVisible();
  await page.getByRole("button", { name: "Adicionar Produto", exact: true }).first().click();
  await page.getByLabel("URL do produto").fill("https://www2.hm.com/pt_pt/productpage.1234567001.html");
  await expect(page.getByRole("radio", { name: /H&M/ })).toHaveAttribute("aria-checked", "true");
});
