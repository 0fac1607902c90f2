import { expect, type Page, test } from "@playwright/test";
import { SAME_ON_A_PHONE, TAKE_SCREENSHOTS } from "./constants";
import {
  afterInvalidSubmit,
  createUserViaApi,
  expectTheme,
  isMobileProject,
  loginViaApi,
  screenshot,
  screenshotBothThemes,
  setTheme,
} from "./helpers";

// many screenshots per test, on a machine shared with other suites
test.describe.configure({ timeout: 240_000 });

/** a username no other project or run uses (both projects share one server) */
function uniqueName(prefix: string): string {
  const project = isMobileProject() ? "m" : "d";
  return `${prefix}${project}${Date.now().toString(36)}`;
}

/**
 * The shared admin state file can hold a session of another run's server (same host, other port):
 * log in again only when the stored session is not valid here.
 */
async function ensureAdmin(page: Page) {
  const me = await page.request.get("/api/user");
  if (me.ok() && (await me.json()).role === "admin") return;
  await page.context().clearCookies();
  await loginViaApi(page);
}

test.beforeEach(async ({ page }) => ensureAdmin(page));

/** leaves the admin session and logs in as someone else in the same browser context */
async function switchUser(page: Page, username: string, password: string) {
  await page.context().clearCookies();
  await loginViaApi(page, username, password);
}

test.describe("segundo painel de administração", () => {
  test("criar um utilizador, mudar o limite na tabela e vê-lo no Monitor dele", async ({ page }) => {
    await page.goto("/staff-admin");
    await expect(page.getByRole("heading", { name: "Painel de Administração" })).toBeVisible();
    await expect(page.getByText("Total de utilizadores")).toBeVisible();
    await expect(page.getByText("Limite médio de monitores")).toBeVisible();

    await page.getByRole("button", { name: "Novo Utilizador" }).click();
    const dialog = page.getByRole("dialog");
    // what the dialog says of each wrong field is its screen test's (create-user-dialog.test.tsx);
    // here only its look, for a person who asked for pictures
    if (TAKE_SCREENSHOTS) {
      await dialog.getByRole("button", { name: "Criar Utilizador" }).click();
      await expect(dialog.getByText("Nome de utilizador e password são obrigatórios")).toHaveCount(2);
      await screenshot(page, "staff-admin-create-dialog");
      await afterInvalidSubmit(page);
    }
    const username = uniqueName("lim");
    const password = "password-lim";
    await dialog.getByLabel("Nome de utilizador").fill(username);
    await dialog.getByLabel("Password").fill(password);
    await dialog.getByLabel("Nome completo (opcional)").fill("Lia Limite");
    await dialog.getByLabel("Email (opcional)").fill(`${username}@exemplo.pt`);
    await dialog.getByLabel("Limite de monitores").fill("2");
    await dialog.getByRole("button", { name: "Criar Utilizador" }).click();
    await expect(page.getByText("Usuário criado com sucesso")).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = page.getByTestId(`user-row-${username}`).filter({ visible: true });
    await expect(row).toContainText("Lia Limite");
    await row.getByRole("button", { name: `Editar limite de ${username}` }).click();
    const limit = row.getByLabel(`Limite de monitores de ${username}`);
    await limit.fill("0");
    await limit.press("Enter");
    await expect(row.getByText("Limite deve ser pelo menos 1")).toBeVisible();
    await limit.fill("7");
    await limit.press("Enter");
    await expect(page.getByText("Usuário atualizado com sucesso")).toBeVisible();
    await expect(limit).toBeHidden();
    await expect(row.getByTestId("monitor-limit")).toHaveText("7");

    await screenshotBothThemes(page, "staff-admin");

    await switchUser(page, username, password);
    await page.goto("/monitor");
    await expect(page.getByText(/Monitores Ativos/).first()).toBeVisible();
    await expect(page.getByText(/0\/7/).first()).toBeVisible();
    const me = await page.request.get("/api/user");
    expect((await me.json()).monitorLimit).toBe(7);

    // the new account is a user: both admin screens refuse it
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Acesso Negado" })).toBeVisible();
    await expect(
      page.getByText(
        "Você não tem permissão para acessar esta página. Apenas administradores podem gerir usuários.",
      ),
    ).toBeVisible();
    await screenshotBothThemes(page, "admin-denied");
    await page.goto("/staff-admin");
    await expect(
      page.getByText("Você não tem permissão para aceder ao painel de administração."),
    ).toBeVisible();
  });
});

test.describe("página de administração", () => {
  test("a tabela de utilizadores pede confirmação antes de eliminar", async ({ page }) => {
    await page.goto("/");
    const victim = await createUserViaApi(page, { username: uniqueName("del"), fullName: "Para Apagar" });
    await page.goto("/admin");
    await expect(page.getByRole("tab", { name: "Gestão de Usuários" })).toHaveAttribute(
      "data-state",
      "active",
    );
    const row = page.getByTestId(`admin-user-${victim.username}`).filter({ visible: true });
    await expect(row).toContainText("Para Apagar");
    // the admin's own row has no delete button
    await expect(page.getByRole("button", { name: "Eliminar admin" })).toHaveCount(0);
    await screenshotBothThemes(page, "admin-users");

    await row.getByRole("button", { name: `Eliminar ${victim.username}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText(`Tem certeza que deseja excluir o utilizador ${victim.username}?`);
    await confirm.getByRole("button", { name: "Cancelar" }).click();
    await expect(row).toBeVisible();

    await row.getByRole("button", { name: `Eliminar ${victim.username}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Eliminar" }).click();
    await expect(page.getByText("Usuário excluído com sucesso")).toBeVisible();
    await expect(page.getByTestId(`admin-user-${victim.username}`)).toHaveCount(0);
  });

  test("/admin também cria utilizadores e muda o limite de monitores", async ({ page }) => {
    await page.goto("/admin");
    await page.getByRole("button", { name: "Novo Utilizador" }).click();
    const dialog = page.getByRole("dialog");
    const username = uniqueName("adm");
    await dialog.getByLabel("Nome de utilizador").fill(username);
    await dialog.getByLabel("Password").fill("password-adm");
    await dialog.getByLabel("Nome completo (opcional)").fill("Ana Admin");
    await dialog.getByLabel("Limite de monitores").fill("3");
    await dialog.getByRole("button", { name: "Criar Utilizador" }).click();
    await expect(page.getByText("Usuário criado com sucesso")).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = page.getByTestId(`admin-user-${username}`).filter({ visible: true });
    await expect(row).toContainText("Ana Admin");
    await expect(row.getByTestId("monitor-limit")).toHaveText("3");
    await row.getByRole("button", { name: `Editar limite de ${username}` }).click();
    const limit = row.getByLabel(`Limite de monitores de ${username}`);
    await limit.fill("9");
    await limit.press("Enter");
    await expect(page.getByText("Usuário atualizado com sucesso")).toBeVisible();
    await expect(row.getByTestId("monitor-limit")).toHaveText("9");
    const users = await (await page.request.get("/api/admin/users")).json();
    expect(users.find((u: { username: string }) => u.username === username).monitorLimit).toBe(9);
    const loaded = async () => {
      await expect(row.getByTestId("monitor-limit")).toHaveText("9");
    };
    await screenshotBothThemes(page, "admin-users-limits", loaded);
    if (!isMobileProject()) {
      await page.setViewportSize({ width: 800, height: 900 });
      await screenshotBothThemes(page, "admin-users-800", loaded);
    }
  });

  test("métricas financeiras: ver, guardar e copiar os valores atuais", { tag: SAME_ON_A_PHONE }, async ({
    page,
  }) => {
    // every live reading the page received (it polls, and refetches after a save): another spec's
    // sales on the shared server move the figures between readings, and the form copies whichever
    // one the page held when the button was pressed
    type Reading = { live: { totalItemsSold: number; totalRevenue: string } };
    const pageReads: Promise<Reading>[] = [];
    page.on("response", (response) => {
      if (response.request().method() === "GET" && response.url().endsWith("/api/admin/financial-metrics"))
        pageReads.push(response.json());
    });
    await page.goto("/admin");
    await page.getByRole("tab", { name: "Métricas Financeiras" }).click();
    await expect(page.getByText("Métricas registadas")).toBeVisible();
    await expect(page.getByText("Valores atuais")).toBeVisible();
    await expect(page.getByText("Introduzidas à mão")).toBeVisible();
    await expect(page.getByText("Ao vivo")).toBeVisible();
    await screenshotBothThemes(page, "admin-metrics", async () => {
      await page.getByRole("tab", { name: "Métricas Financeiras" }).click();
      await expect(page.getByText("Valores atuais")).toBeVisible();
    });

    await page.getByRole("button", { name: "Editar" }).click();
    // what the form refuses is its screen test's (metrics-form.test.tsx)
    await page.getByLabel("Receita total (€)").fill("1.234,50");
    await page.getByLabel("Lucro total (€)").fill("300");
    await page.getByLabel("Margem de lucro (%)").fill("24,3");
    await page.getByLabel("Itens vendidos").fill("12");
    await page.getByLabel("Itens em stock").fill("4");
    await screenshot(page, "admin-metrics-edit");
    await page.getByRole("button", { name: "Guardar", exact: true }).click();
    await expect(page.getByText("Métricas financeiras atualizadas com sucesso")).toBeVisible();
    await expect(page.getByText("1234,50 €").or(page.getByText("1 234,50 €"))).toBeVisible();
    await expect(page.getByText("24,3\u00a0%")).toBeVisible();
    await expect(page.getByText(/Atualizado em .* por admin/)).toBeVisible();

    await page.getByRole("button", { name: "Copiar para o formulário" }).click();
    // the hand-typed figures give way to one reading of the server, both fields from the same one
    const items = page.getByLabel("Itens vendidos");
    const revenue = page.getByLabel("Receita total (€)");
    await expect
      .poll(async () => {
        const copied = `${await items.inputValue()} / ${await revenue.inputValue()}`;
        const readings = (await Promise.all(pageReads)).map(
          ({ live }) => `${live.totalItemsSold} / ${live.totalRevenue.replace(".", ",")}`,
        );
        return readings.includes(copied) ? "uma leitura do servidor" : `${copied} ∉ [${readings.join("; ")}]`;
      })
      .toBe("uma leitura do servidor");
    await page.getByRole("button", { name: "Cancelar" }).click();
    await expect(page.getByLabel("Itens vendidos")).toBeHidden();
  });
});

test.describe("configurações", () => {
  test("um utilizador muda o tema, que se aplica logo e fica guardado no servidor", {
    tag: SAME_ON_A_PHONE,
  }, async ({ page }) => {
    await page.goto("/");
    const user = await createUserViaApi(page, { username: uniqueName("tema") });
    await switchUser(page, user.username, user.password);
    await page.goto("/settings");
    await setTheme(page, "light");

    for (const card of ["Intervalo padrão", "Notificações"]) {
      await expect(page.getByText(card, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByText("Algumas configurações avançadas podem afetar o desempenho")).toBeVisible();

    // the server's own settings (Global, Sistema: backups, Prometheus, log level) are the admin's:
    // a plain user has Perfil, Utilizador and API only, and no tile about the server's backups
    await expect(page.getByRole("tab")).toHaveText(["Perfil", "Utilizador", "API"]);
    await expect(page.getByText("Backup automático", { exact: true })).toHaveCount(0);
    await expect(page.getByText("Monitorização de saúde", { exact: true })).toHaveCount(0);
    await expect(page.getByLabel("Máximo de verificações simultâneas")).toHaveCount(0);

    await page.getByRole("tab", { name: "Utilizador" }).click();
    // the e2e server has no SMTP_URL: the e-mail switch is off, disabled and says why
    const email = page.getByRole("switch", { name: "Notificações por email" });
    await expect(email).toBeDisabled();
    await expect(email).not.toBeChecked();
    await expect(page.getByText("O servidor não tem e-mail configurado.")).toBeVisible();
    await page.getByRole("combobox", { name: "Tema" }).click();
    await page.getByRole("option", { name: "Escuro" }).click();
    await expectTheme(page, "dark");
    await page.getByRole("button", { name: "Guardar", exact: true }).click();
    await expect(page.getByText("Preferências guardadas")).toBeVisible();
    const saved = await (await page.request.get("/api/settings")).json();
    expect(saved.user.theme).toBe("dark");
    await screenshot(page, "settings-user-dark");

    // what is not a preference survives the restore: the user's webhook and usual sizes
    const kept = {
      defaultWebhookUrl: "https://162.159.135.232/api/webhooks/9/meu",
      usualClothingSizes: "M, L",
    };
    expect((await page.request.put("/api/settings", { data: { user: kept } })).ok()).toBe(true);
    await page.getByRole("button", { name: "Restaurar Padrões" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Repõe as suas preferências: tema, idioma");
    await expect(confirm).toContainText("Mantém o seu webhook padrão");
    await expect(confirm).not.toContainText("Global e Sistema");
    // the e2e server has no SMTP: the restore leaves e-mail alerts alone, and the dialog says so
    await expect(confirm).toContainText("Os alertas por email ficam como estão");
    await expect(confirm).not.toContainText("moeda, alertas por email");
    await screenshot(page, "settings-restore-confirm");
    await confirm.getByRole("button", { name: "Restaurar" }).click();
    await expect(page.getByText("Configurações padrão restauradas")).toBeVisible();
    await expectTheme(page, "light");
    const restored = (await (await page.request.get("/api/settings")).json()).user;
    expect(restored).toMatchObject({ theme: "light", ...kept });
  });

  test("o administrador vê os quatro separadores e guarda a configuração global", {
    tag: SAME_ON_A_PHONE,
  }, async ({ page }) => {
    await page.goto("/settings");
    for (const tab of ["Perfil", "Global", "Sistema", "Utilizador"]) {
      const show = async () => {
        await page.getByRole("tab", { name: tab }).click();
        await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("data-state", "active");
      };
      await show();
      await screenshotBothThemes(page, `settings-${tab.toLowerCase()}`, show);
    }

    await page.getByRole("tab", { name: "Global" }).click();
    // the per-user quotas (issue 27) sit with the other installation-wide settings
    await expect(page.getByLabel("Itens no inventário por utilizador")).toHaveValue("5000");
    await expect(page.getByLabel("Alterações ao inventário por minuto")).toHaveValue("120");
    const interval = page.getByLabel("Intervalo de verificação padrão");
    await interval.fill("5000");
    await page.getByRole("button", { name: "Guardar", exact: true }).click();
    await expect(page.getByText("Máximo 3600 segundos")).toBeVisible();
    // emptied, the field falls back to 60
    await interval.fill("");
    await interval.blur();
    await expect(interval).toHaveValue("60");
    await interval.fill("120");
    await page.getByRole("button", { name: "Guardar", exact: true }).click();
    await expect(page.getByText("Configurações globais guardadas")).toBeVisible();
    await expect(page.getByText("120 s")).toBeVisible();
    expect((await (await page.request.get("/api/settings")).json()).global.defaultCheckInterval).toBe(120);

    await page.getByRole("button", { name: "Restaurar Padrões" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Restaurar" }).click();
    await expect(page.getByText("60 s")).toBeVisible();
  });
});

test.describe("perfil", { tag: SAME_ON_A_PHONE }, () => {
  test("edita nome e email, cancela e guarda pela API", async ({ page }) => {
    await page.goto("/");
    const user = await createUserViaApi(page, { username: uniqueName("perf") });
    await switchUser(page, user.username, user.password);
    await page.goto("/profile");
    await expect(page.getByLabel("Nome de utilizador")).toHaveValue(user.username);
    await expect(page.getByLabel("Nome de utilizador")).toBeDisabled();
    await expect(page.getByLabel("Função")).toHaveValue("Utilizador");
    await expect(page.getByText("Receber notificações de stock")).toBeVisible();
    await expect(page.getByText("Conta de administrador")).toHaveCount(0);

    await page.getByLabel("Nome completo").fill("Rascunho");
    await page.getByRole("button", { name: "Cancelar" }).click();
    await expect(page.getByLabel("Nome completo")).toHaveValue("");

    await page.getByLabel("Email").fill("mau-email");
    await page.getByRole("button", { name: "Guardar", exact: true }).click();
    await expect(page.getByText("Email inválido")).toBeVisible();
    await page.getByLabel("Nome completo").fill("Paula Perfil");
    await page.getByLabel("Email").fill("paula@exemplo.pt");
    await page.getByRole("button", { name: "Guardar", exact: true }).click();
    await expect(page.getByText("Perfil atualizado")).toBeVisible();
    const me = await (await page.request.get("/api/user")).json();
    expect(me).toMatchObject({ fullName: "Paula Perfil", email: "paula@exemplo.pt", role: "user" });
    await screenshotBothThemes(page, "profile-user");
  });

  test("o administrador vê as suas permissões e o aviso", async ({ page }) => {
    await page.goto("/profile");
    await expect(page.getByLabel("Função")).toHaveValue("Administrador");
    await expect(page.getByText("Gerir utilizadores e limites de monitores")).toBeVisible();
    await expect(page.getByText("Conta de administrador")).toBeVisible();
    await screenshotBothThemes(page, "profile-admin");
  });
});
