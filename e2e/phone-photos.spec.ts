import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { createUserViaApi, loginViaApi, screenshot, setTheme } from "./helpers";

test.describe.configure({ timeout: 240_000 });

/** a phone's photo: 4032 × 3024 JPEG stored sideways (EXIF orientation 6) with its GPS position */
async function phonePhoto(): Promise<Buffer> {
  const width = 4032;
  const height = 3024;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    raw[i] = (((i % (width * 3)) >> 5) + (seed >>> 29) * 6) & 255;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 93 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "38/1 42/1 0/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "9/1 8/1 0/1",
      },
    })
    .toBuffer();
}

async function loginAsFreshUser(page: Page) {
  const username = `foto-${test.info().project.name}-${Date.now().toString(36)}`;
  await page.context().clearCookies();
  await loginViaApi(page);
  const user = await createUserViaApi(page, { username });
  await page.context().clearCookies();
  await loginViaApi(page, user.username, user.password);
}

test("uma foto de telemóvel (4032 × 3024, 6 MB, com GPS) é reduzida no browser antes de ser enviada", async ({
  page,
}) => {
  const original = await phonePhoto();
  expect(original.length).toBeGreaterThan(5 * 1024 * 1024);
  await loginAsFreshUser(page);
  await page.goto("/inventory");
  await page.getByRole("button", { name: "Novo Item" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nome").fill("Casaco fotografado");
  await dialog.getByLabel("Preço de compra (€)").fill("29,95");
  await dialog
    .getByLabel("Fotografia (opcional)")
    .setInputFiles({ name: "IMG_0001.jpg", mimeType: "image/jpeg", buffer: original });
  await expect(dialog.getByAltText("Pré-visualização")).toBeVisible({ timeout: 30_000 });
  await screenshot(page, "phone-photo-dialog-light");

  const sent = page.waitForRequest((r) => r.url().endsWith("/api/inventory") && r.method() === "POST");
  await dialog.getByRole("button", { name: "Adicionar Item" }).click();
  const body = (await sent).postDataJSON() as { image: string };
  const match = /^data:(image\/[a-z]+);base64,(.+)$/.exec(body.image);
  expect(match?.[1]).toBe("image/jpeg");
  const bytes = Buffer.from(match![2], "base64");
  const shrunk = await sharp(bytes).metadata();
  // turned upright (portrait) and shrunk to a long side of 2048, with no EXIF at all
  expect([shrunk.width, shrunk.height]).toEqual([1536, 2048]);
  expect(shrunk.exif).toBeUndefined();
  expect(bytes.length).toBeLessThan(original.length / 3);
  test.info().annotations.push({
    type: "figures",
    description: `photo sent: ${(original.length / 1048576).toFixed(1)} MB → ${(bytes.length / 1048576).toFixed(2)} MB`,
  });

  await expect(page.getByText("Item adicionado ao inventário!")).toBeVisible({ timeout: 30_000 });
  const card = page.getByTestId("inventory-item").filter({ hasText: "Casaco fotografado" });
  await expect
    .poll(() =>
      card.getByAltText("Casaco fotografado").evaluate((img: HTMLImageElement) => img.naturalHeight),
    )
    .toBe(320);
  await screenshot(page, "phone-photo-card-light");
  await setTheme(page, "dark");
  await expect(card.getByAltText("Casaco fotografado")).toBeVisible();
  await screenshot(page, "phone-photo-card-dark");
  await setTheme(page, "light");
});
