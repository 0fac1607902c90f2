import { createECDH } from "node:crypto";
import { eq } from "drizzle-orm";
import { products } from "../src/db/schema.js";
import type { TestApp } from "./harness.js";
import { zaraProduct } from "./product-fixtures.js";

/** a real P-256 public key, as a browser's PushSubscription carries it */
const DEVICE_KEY = (() => {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return ecdh.getPublicKey().toString("base64url");
})();

/**
 * Every API route with a valid request and the status each caller gets. The authorization matrix
 * checks the statuses; the fuzz suite mutates the valid bodies.
 * "owner" is the user who owns the resource in the path; "other" is another plain user.
 */
export type Who = "anonymous" | "owner" | "other" | "admin";

export interface Fixture {
  productId: number;
  itemId: number;
  saleId: number;
  /** an expense of the owner, with a receipt photo */
  expenseId: number;
  /** an item of the owner deleted a moment ago, which may still be restored */
  deletedItemId: number;
  ownerId: number;
  otherId: number;
}

export interface RouteCase {
  path?: (f: Fixture) => string;
  body?: (f: Fixture) => object;
  expect: Record<Who, number>;
  /** an answer that does not end by itself (server-sent events): only its status is read */
  stream?: true;
}

const everyone = (ok: number): Record<Who, number> => ({ anonymous: 401, owner: ok, other: ok, admin: ok });
const adminOnly = (ok: number): Record<Who, number> => ({
  anonymous: 401,
  owner: 403,
  other: 403,
  admin: ok,
});
/** resources of one user: someone else's id answers 404 exactly like a missing one */
const ownerOnly = (ok: number): Record<Who, number> => ({
  anonymous: 401,
  owner: ok,
  other: 404,
  admin: 404,
});

export const ROUTES: Record<string, RouteCase> = {
  "GET /api/health": { expect: { anonymous: 200, owner: 200, other: 200, admin: 200 } },
  "GET /metrics": { expect: { anonymous: 404, owner: 404, other: 404, admin: 404 } }, // off by default
  "POST /api/login": {
    body: () => ({ username: "dono", password: "segredo123" }),
    expect: { anonymous: 200, owner: 200, other: 200, admin: 200 },
  },
  // an unknown challenge: the code step answers 401 to anyone, signed in or not
  "POST /api/login/two-factor": {
    body: () => ({ challenge: "nenhum-desafio-tem-este-codigo", code: "123456" }),
    expect: { anonymous: 401, owner: 401, other: 401, admin: 401 },
  },
  "POST /api/logout": { expect: { anonymous: 401, owner: 200, other: 200, admin: 200 } },
  "GET /api/user": { expect: everyone(200) },
  "PUT /api/user/profile": { body: () => ({ fullName: "Nome" }), expect: everyone(200) },
  "GET /api/user/monitor-stats": { expect: everyone(200) },
  "PUT /api/user/password": {
    // every caller's password is the harness's: each changes their own to the same one
    body: () => ({ currentPassword: "segredo123", newPassword: "segredo123", confirmPassword: "segredo123" }),
    expect: everyone(200),
  },
  "GET /api/user/sessions": { expect: everyone(200) },
  // an id that is nobody's session: 404 for anyone signed in, never someone else's session
  "DELETE /api/user/sessions/:id": {
    path: () => "/api/user/sessions/00000000-0000-4000-8000-000000000000",
    expect: everyone(404),
  },
  "POST /api/user/sessions/end-others": { expect: everyone(200) },
  "GET /api/user/two-factor": { expect: everyone(200) },
  "POST /api/user/two-factor/setup": { expect: everyone(200) },
  // nobody here turns 2FA on (two-factor.test.ts does): a wrong code or none to disable is a 400
  "POST /api/user/two-factor/confirm": { body: () => ({ code: "123456" }), expect: everyone(400) },
  "POST /api/user/two-factor/disable": {
    body: () => ({ password: "segredo123", code: "123456" }),
    expect: everyone(400),
  },
  "POST /api/user/two-factor/recovery-codes": {
    body: () => ({ password: "segredo123" }),
    expect: everyone(400),
  },
  "GET /api/platforms": { expect: everyone(200) },
  "GET /api/openapi.json": { expect: everyone(200) },
  "GET /api/tokens": { expect: everyone(200) },
  "POST /api/tokens": { body: () => ({ name: "script", scopes: ["read"] }), expect: everyone(201) },
  // revoking someone else's token answers as a missing one (api-tokens.test.ts revokes one's own)
  "DELETE /api/tokens/:id": { path: () => "/api/tokens/999999", expect: ownerOnly(404) },
  "GET /api/docs": { expect: everyone(200) },
  "GET /api/docs/json": { expect: everyone(200) },
  "GET /api/docs/yaml": { expect: everyone(200) },
  "GET /api/docs/static/index.html": { expect: everyone(302) }, // to /api/docs/
  "GET /api/docs/static/swagger-initializer.js": { expect: everyone(200) },
  "GET /api/docs/static/*": { path: () => "/api/docs/static/swagger-ui.css", expect: everyone(200) },
  "GET /api/events": { stream: true, expect: everyone(200) },
  "GET /api/admin/users": { expect: adminOnly(200) },
  "POST /api/admin/users": {
    body: () => ({ username: `novo${Math.random().toString(36).slice(2, 8)}`, password: "segredo123" }),
    expect: adminOnly(201),
  },
  "PUT /api/admin/users/:id": {
    path: (f) => `/api/admin/users/${f.otherId}`,
    body: () => ({ monitorLimit: 5 }),
    expect: adminOnly(200),
  },
  // a real reset would change a fixture user's password under the next case: a missing user here
  "POST /api/admin/users/:id/reset-password": {
    path: () => "/api/admin/users/999999/reset-password",
    expect: adminOnly(404),
  },
  "DELETE /api/admin/users/:id/two-factor": {
    path: (f) => `/api/admin/users/${f.otherId}/two-factor`,
    expect: adminOnly(200),
  },
  "DELETE /api/admin/users/:id": { path: () => "/api/admin/users/999999", expect: adminOnly(404) },
  "GET /api/admin/invites": { expect: adminOnly(200) },
  "POST /api/admin/invites": { body: () => ({ note: "Para a Joana" }), expect: adminOnly(201) },
  "DELETE /api/admin/invites/:id": { path: () => "/api/admin/invites/999999", expect: adminOnly(404) },
  // public: the link's token is the proof; an unknown one is 404 for anyone
  "GET /api/invites/:token": {
    path: () => "/api/invites/nenhum-convite-tem-este-codigo",
    expect: { anonymous: 404, owner: 404, other: 404, admin: 404 },
  },
  "POST /api/invites/:token/accept": {
    path: () => "/api/invites/nenhum-convite-tem-este-codigo/accept",
    body: () => ({ username: "convidada", password: "segredo123", confirmPassword: "segredo123" }),
    expect: { anonymous: 404, owner: 404, other: 404, admin: 404 },
  },
  "GET /api/admin/financial-metrics": { expect: adminOnly(200) },
  "PUT /api/admin/financial-metrics": {
    body: () => ({
      totalRevenue: "10",
      profitMargin: "5",
      totalItemsSold: 1,
      totalItemsInStock: 2,
      totalProfit: "3",
    }),
    expect: adminOnly(200),
  },
  "GET /api/admin/host-budgets": { expect: adminOnly(200) },
  "PUT /api/admin/host-budgets/:host": {
    path: () => "/api/admin/host-budgets/www.zara.com",
    body: () => ({ perMinute: 60, atOnce: 2 }),
    expect: adminOnly(200),
  },
  "DELETE /api/admin/host-budgets/:host": {
    path: () => "/api/admin/host-budgets/nenhum.exemplo.pt",
    expect: adminOnly(404),
  },
  "GET /api/settings": { expect: everyone(200) },
  "PUT /api/settings": { body: () => ({ user: { weeklyReport: false } }), expect: everyone(200) },
  "GET /api/push/key": { expect: everyone(200) },
  "PUT /api/push/subscription": {
    body: () => ({
      endpoint: `https://fcm.googleapis.com/fcm/send/${Math.random().toString(36).slice(2)}`,
      keys: { p256dh: DEVICE_KEY, auth: "AAAAAAAAAAAAAAAAAAAAAA" },
    }),
    expect: everyone(200),
  },
  "DELETE /api/push/subscription": {
    body: () => ({ endpoint: "https://fcm.googleapis.com/fcm/send/nada" }),
    expect: everyone(200),
  },
  "POST /api/webhooks/test": {
    // a private address is refused before anything is sent (no network here): any 4xx, never 401/403
    body: () => ({ url: "https://127.0.0.1/api/webhooks/1/x" }),
    expect: { anonymous: 401, owner: -4, other: -4, admin: -4 },
  },
  "POST /api/telegram/chats": {
    // a malformed token is refused before Telegram is asked (no network here)
    body: () => ({ token: "não é um token" }),
    expect: { anonymous: 401, owner: 400, other: 400, admin: 400 },
  },
  // the test app's database is in memory: nothing to back up, said in a 400 to the admin
  "GET /api/admin/backups": { expect: adminOnly(200) },
  "POST /api/admin/backups": { expect: adminOnly(400) },
  "POST /api/admin/backups/:name/restore": {
    path: () => "/api/admin/backups/stock-monitor-2026-11-22T07-19-32-123Z.tar.gz/restore",
    expect: adminOnly(400),
  },
  "GET /api/products": { expect: everyone(200) },
  "POST /api/products": { body: () => zaraProduct(), expect: everyone(201) },
  "GET /api/products/export": { expect: everyone(200) },
  "POST /api/products/import": {
    body: () => ({ format: "json", content: JSON.stringify({ monitors: [zaraProduct()] }) }),
    expect: everyone(200),
  },
  "POST /api/products/preview": {
    body: () => ({ platform: "zara", url: "https://www.zara.com/pt/pt/x-p1.html" }),
    // the page cannot be fetched here (no network): any 4xx but never 401/403 for a logged-in user
    expect: { anonymous: 401, owner: -4, other: -4, admin: -4 },
  },
  "PUT /api/products/:id": {
    path: (f) => `/api/products/${f.productId}`,
    body: () => zaraProduct({ name: "Outro nome" }),
    expect: ownerOnly(200),
  },
  "DELETE /api/products/:id": { path: (f) => `/api/products/${f.productId}`, expect: ownerOnly(200) },
  "POST /api/products/:id/toggle": {
    path: (f) => `/api/products/${f.productId}/toggle`,
    expect: ownerOnly(200),
  },
  // the page cannot be fetched here (no network): the test answers 200 with the failure it read
  "POST /api/products/:id/test": { path: (f) => `/api/products/${f.productId}/test`, expect: ownerOnly(200) },
  "GET /api/products/:id/price-history": {
    path: (f) => `/api/products/${f.productId}/price-history`,
    expect: ownerOnly(200),
  },
  "GET /api/products/:id/check": {
    path: (f) => `/api/products/${f.productId}/check`,
    expect: ownerOnly(200),
  },
  "POST /api/monitor/start-all": { expect: everyone(200) },
  "POST /api/monitor/stop-all": { expect: everyone(200) },
  "GET /api/statistics": { expect: everyone(200) },
  "GET /api/activity": { expect: everyone(200) },
  "GET /api/activity/products": { expect: everyone(200) },
  "DELETE /api/activity": { expect: everyone(200) },
  "GET /api/inventory": { expect: everyone(200) },
  "GET /api/inventory/statistics": { expect: everyone(200) },
  "GET /api/inventory/export": { expect: everyone(200) },
  "GET /api/inventory/draft": {
    path: (f) => `/api/inventory/draft?product=${f.productId}`,
    expect: ownerOnly(200),
  },
  "GET /api/inventory/last-rate": {
    path: () => "/api/inventory/last-rate?currency=USD",
    expect: everyone(200),
  },
  // the fixture's monitor has no picture: nothing is fetched
  "GET /api/inventory/draft/photo": {
    path: (f) => `/api/inventory/draft/photo?product=${f.productId}`,
    expect: ownerOnly(200),
  },
  "POST /api/inventory": { body: () => ({ name: "Ténis", price: "10,00" }), expect: everyone(201) },
  "PUT /api/inventory/:id": {
    path: (f) => `/api/inventory/${f.itemId}`,
    body: (f) => ({ id: f.itemId, status: "pending" }),
    expect: ownerOnly(200),
  },
  "PATCH /api/inventory/:id": {
    path: (f) => `/api/inventory/${f.itemId}`,
    body: () => ({ name: "Casaco azul", purchaseDate: "2026-10-01" }),
    expect: ownerOnly(200),
  },
  "GET /api/inventory/:id/photo": { path: (f) => `/api/inventory/${f.itemId}/photo`, expect: ownerOnly(200) },
  "GET /api/inventory/:id/photo/thumbnail": {
    path: (f) => `/api/inventory/${f.itemId}/photo/thumbnail`,
    expect: ownerOnly(200),
  },
  "DELETE /api/inventory/:id": { path: (f) => `/api/inventory/${f.itemId}`, expect: ownerOnly(200) },
  "POST /api/inventory/:id/restore": {
    path: (f) => `/api/inventory/${f.deletedItemId}/restore`,
    expect: ownerOnly(200),
  },
  "POST /api/inventory/import/preview": {
    body: () => ({ content: "Nome;Preço\nTénis;10,00\n" }),
    expect: everyone(200),
  },
  "POST /api/inventory/import": {
    body: () => ({ content: "Nome;Preço\nTénis;10,00\n" }),
    expect: everyone(200),
  },
  "POST /api/sales/import/preview": {
    body: () => ({ content: "Item;Preço de venda;Data;Plataforma\nBoné;20,00;01/03/2026;Vinted\n" }),
    expect: everyone(200),
  },
  "POST /api/sales/import": {
    body: () => ({ content: "Item;Preço de venda;Data;Plataforma\nBoné;20,00;01/03/2026;Vinted\n" }),
    expect: everyone(200),
  },
  "GET /api/sales": { expect: everyone(200) },
  "GET /api/sales/export": { expect: everyone(200) },
  "GET /api/sales/dac7": { expect: everyone(200) },
  "GET /api/sales/year-summary": { expect: everyone(200) },
  "GET /api/sales/year-summary/export": { expect: everyone(200) },
  "POST /api/sales": {
    body: (f) => ({
      inventoryItemId: f.itemId,
      salePrice: "20",
      saleDate: new Date().toISOString(),
      platform: "Vinted",
    }),
    // for anyone but the owner the item is someone else's: 404
    expect: ownerOnly(201),
  },
  "PUT /api/sales/:id": {
    path: (f) => `/api/sales/${f.saleId}`,
    body: () => ({ salePrice: "14", platform: "OLX" }),
    expect: ownerOnly(200),
  },
  "DELETE /api/sales/:id": { path: (f) => `/api/sales/${f.saleId}`, expect: ownerOnly(200) },
  "GET /api/fee-presets": { path: () => "/api/fee-presets?on=2026-01-15", expect: everyone(200) },
  "POST /api/fee-presets": {
    body: () => ({ platform: "Vinted", percent: "5", fixedAmount: "0,70", shippingPaidBy: "buyer" }),
    expect: everyone(201),
  },
  "GET /api/expenses": { expect: everyone(200) },
  "GET /api/expenses/export": { expect: everyone(200) },
  "POST /api/expenses": {
    body: (f) => ({
      spentOn: "2026-01-15",
      category: "packaging",
      amount: "2+1,5",
      inventoryItemId: f.itemId,
    }),
    // the linked item is the owner's: anyone else may not tie an expense to it
    expect: { anonymous: 401, owner: 201, other: 400, admin: 400 },
  },
  "PUT /api/expenses/:id": {
    path: (f) => `/api/expenses/${f.expenseId}`,
    body: () => ({ amount: "4,20" }),
    expect: ownerOnly(200),
  },
  "DELETE /api/expenses/:id": { path: (f) => `/api/expenses/${f.expenseId}`, expect: ownerOnly(200) },
  "GET /api/expenses/:id/receipt": {
    path: (f) => `/api/expenses/${f.expenseId}/receipt`,
    expect: ownerOnly(200),
  },
  "GET /api/expenses/:id/receipt/thumbnail": {
    path: (f) => `/api/expenses/${f.expenseId}/receipt/thumbnail`,
    expect: ownerOnly(200),
  },
  "GET /api/status/statistics": { expect: everyone(200) },
  "GET /api/ranking": { expect: everyone(200) },
  "GET /api/ranking/left-out": { expect: everyone(200) },
  "PUT /api/ranking/visibility": { body: () => ({ hidden: false }), expect: everyone(200) },
};

const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

/** a product, an in-stock item and a sale of the owner; the owner's older products are removed
 * first so the monitor limit never interferes */
export async function createFixture(
  t: TestApp,
  ownerCookie: string,
  ownerId: number,
  otherId: number,
): Promise<Fixture> {
  const call = (url: string, payload: object) =>
    t.app.inject({ method: "POST", url, headers: { cookie: ownerCookie }, payload });
  await t.database.db.delete(products).where(eq(products.userId, ownerId));
  const product = (await call("/api/products", zaraProduct())).json();
  const item = (await call("/api/inventory", { name: "Casaco", price: "30", image: PNG })).json();
  const sold = (await call("/api/inventory", { name: "Saia", price: "5" })).json();
  const sale = (
    await call("/api/sales", {
      inventoryItemId: sold.id,
      salePrice: "12",
      saleDate: new Date().toISOString(),
      platform: "Vinted",
    })
  ).json();
  const expense = (
    await call("/api/expenses", { spentOn: "2026-01-15", category: "travel", amount: "3", image: PNG })
  ).json();
  const gone = (await call("/api/inventory", { name: "Boné", price: "8" })).json();
  await t.app.inject({
    method: "DELETE",
    url: `/api/inventory/${gone.id}`,
    headers: { cookie: ownerCookie },
  });
  if (!product.id || !item.id || !sale.id || !expense.id || !gone.id) throw new Error("fixture failed");
  return {
    productId: product.id,
    itemId: item.id,
    saleId: sale.id,
    expenseId: expense.id,
    deletedItemId: gone.id,
    ownerId,
    otherId,
  };
}
