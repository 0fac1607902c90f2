import { expect, type Page, test } from "@playwright/test";
import { E2E_TELEGRAM_TOKEN } from "./constants";
import { screenshot, setTheme, signInAsNewUser } from "./helpers";

test.describe.configure({ timeout: 180_000 });

/** what the stand-in Bot API's getUpdates answers: a person who sent /start and a group */
async function botHasSeen(page: Page) {
  const res = await page.request.post(`${process.env.E2E_TELEGRAM_URL}/__control/updates`, {
    data: {
      updates: [
        {
          update_id: 1,
          message: { message_id: 1, text: "/start", chat: { id: 5001, type: "private", first_name: "Ana" } },
        },
        {
          update_id: 2,
          my_chat_member: { chat: { id: -1001234567890, type: "supergroup", title: "Revenda Lisboa" } },
        },
      ],
    },
  });
  expect(res.status()).toBe(204);
}

test("Telegram: o token encontra as conversas do bot e a escolhida preenche o webhook", async ({ page }) => {
  await botHasSeen(page);
  await signInAsNewUser(page, "tg");
  await page.goto("/settings");
  await page.getByRole("tab", { name: "Utilizador" }).click();
  const field = page.getByRole("textbox", { name: "O meu webhook padrão" });
  await expect(field).toBeVisible();
  await page.getByRole("button", { name: "Telegram", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Receber alertas no Telegram" });
  await expect(dialog).toBeVisible();

  // a token Telegram does not know: said in Portuguese, nothing filled
  await dialog.getByLabel("Token do bot").fill("1111111:AAH-not_this_bot_token");
  await dialog.getByRole("button", { name: "Procurar conversas" }).click();
  await expect(
    dialog.getByText("O Telegram não reconhece este token: copie-o de novo do @BotFather"),
  ).toBeVisible();

  // the right one, with Enter: the conversations the bot has seen
  await dialog.getByLabel("Token do bot").fill(E2E_TELEGRAM_TOKEN);
  await dialog.getByLabel("Token do bot").press("Enter");
  await expect(
    dialog.getByText("Conversas que @alertas_revenda_bot viu nas últimas 24 horas:"),
  ).toBeVisible();
  const chats = dialog.getByRole("list", { name: "Conversas do bot" }).getByRole("listitem");
  await expect(chats).toHaveCount(2);
  const group = chats.filter({ hasText: "Revenda Lisboa" });
  await expect(group).toContainText("Grupo");
  await expect(chats.filter({ hasText: "Ana" })).toContainText("Conversa privada");
  await screenshot(page, "telegram-setup-light");
  /** the theme stored (the page reloads), the helper opened again and the conversations found */
  const findAgainIn = async (theme: "light" | "dark") => {
    await setTheme(page, theme);
    await page.getByRole("tab", { name: "Utilizador" }).click();
    await page.getByRole("button", { name: "Telegram", exact: true }).click();
    await dialog.getByLabel("Token do bot").fill(E2E_TELEGRAM_TOKEN);
    await dialog.getByRole("button", { name: "Procurar conversas" }).click();
    await expect(group).toBeVisible();
  };
  // the dark theme, on the phone too
  await findAgainIn("dark");
  await screenshot(page, "telegram-setup-dark");
  await findAgainIn("light");

  await group.getByRole("button", { name: "Usar" }).click();
  await expect(dialog).toBeHidden();
  await expect(field).toHaveValue(
    `https://api.telegram.org/bot${E2E_TELEGRAM_TOKEN}/sendMessage?chat_id=-1001234567890`,
  );
});
