import { test as setup } from "@playwright/test";
import { ADMIN_STATE } from "./constants";
import { loginViaApi } from "./helpers";

// one admin session for every spec that does not test logging in itself (login is rate-limited per IP)
setup("sessão de administrador", async ({ page }) => {
  await loginViaApi(page);
  await page.context().storageState({ path: ADMIN_STATE });
});
