import type { ActivityCode, ActivityParams } from "@common/activity.js";
import type { MonitorRules } from "@common/schemas/monitor-rules.js";
import type { AlertChannels } from "@common/schemas/products.js";
import type { SearchItem } from "@common/search-rules.js";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable("users", {
  id: serial("id").primaryKey(),
  username: text("username").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  role: text("role").notNull().default("user"),
  email: text("email"),
  fullName: text("full_name"),
  avatar: text("avatar"),
  monitorLimit: integer("monitor_limit").notNull().default(2),
  createdAt: createdAt(),
  /** set by an admin: no login, no session, no checks of its monitors; its books are kept */
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  /** base32 TOTP secret; set while two-factor sign-in is on (services/two-factor.ts) */
  totpSecret: text("totp_secret"),
  /** a secret shown for enrolment, active once its first code is typed */
  totpPendingSecret: text("totp_pending_secret"),
  /** the 30-second step of the last code accepted: no code is accepted twice */
  totpLastStep: integer("totp_last_step"),
  /** the user chose to leave the ranking: only admins see them there, marked hidden */
  hiddenFromRanking: boolean("hidden_from_ranking").notNull().default(false),
});

/** one-time recovery codes of a user's two-factor sign-in; only their sha256 is kept */
export const totpRecoveryCodes = pgTable(
  "totp_recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("totp_recovery_codes_user_idx").on(t.userId)],
);

/** a login whose password was right and whose code is still to come; keyed by its token's sha256 */
export const loginChallenges = pgTable(
  "login_challenges",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    failures: integer("failures").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("login_challenges_user_idx").on(t.userId)],
);

export const sessions = pgTable(
  "sessions",
  {
    /** sha256 of the cookie token: a leaked table does not leak live sessions */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** names the session in "my sessions" (the id, a token's hash, is never sent) */
    publicId: text("public_id").notNull().default(sql`gen_random_uuid()::text`),
    userAgent: text("user_agent"),
    ip: text("ip"),
    /** written at most every few minutes while the session is used */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), uniqueIndex("sessions_public_id_idx").on(t.publicId)],
);

/** a one-time link with which a person creates their own account; only its token's hash is kept */
export const invites = pgTable(
  "invites",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    role: text("role").notNull().default("user"),
    monitorLimit: integer("monitor_limit").notNull().default(2),
    /** the admin's reminder of whom it is for */
    note: text("note"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    usedBy: integer("used_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("invites_token_hash_idx").on(t.tokenHash)],
);

/**
 * Devices a user logged in from, named by the device cookie's token (its sha256): an attempt from
 * one skips the slow-down queue of its username until it fails `failures` times.
 */
export const loginDevices = pgTable(
  "login_devices",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    failures: integer("failures").notNull().default(0),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("login_devices_user_idx").on(t.userId),
    index("login_devices_last_used_idx").on(t.lastUsedAt),
  ],
);

/** failed logins (and attempts not yet proven right), shared by every web process */
export const loginFailures = pgTable(
  "login_failures",
  {
    id: serial("id").primaryKey(),
    /** the normalized, lower-case username */
    usernameKey: text("username_key").notNull(),
    ip: text("ip").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("login_failures_username_at_idx").on(t.usernameKey, t.at),
    index("login_failures_at_idx").on(t.at),
  ],
);

/** past the per-username ceiling: the next moment an attempt on that username may run */
export const loginSlowdowns = pgTable("login_slowdowns", {
  usernameKey: text("username_key").primaryKey(),
  nextAt: timestamp("next_at", { withTimezone: true }).notNull(),
});

/** request-rate limits: one fixed window per key (route and caller), shared by every web process */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    key: text("key").primaryKey(),
    windowStarted: timestamp("window_started", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
  },
  (t) => [index("rate_limit_hits_window_idx").on(t.windowStarted)],
);

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    productId: text("product_id").notNull(),
    url: text("url").notNull(),
    imageUrl: text("image_url"),
    price: numeric("price", { precision: 10, scale: 2 }),
    /** ISO 4217 code of `price`: the retailer's answer sets it, a price typed by the user is euros */
    currency: text("currency").notNull().default("EUR"),
    webhookUrl: text("webhook_url").notNull(),
    /** where alerts go; null: the webhook when set, e-mail and push as the owner's settings say */
    alertChannels: jsonb("alert_channels").$type<AlertChannels>(),
    checkInterval: integer("check_interval").notNull().default(1000),
    isActive: boolean("is_active").notNull().default(true),
    lastCheck: timestamp("last_check", { withTimezone: true }),
    status: text("status").notNull().default("unknown"),
    lastNotifiedStatus: text("last_notified_status"),
    /** JSON-encoded list of strings */
    availableSizes: text("available_sizes"),
    lastNotifiedSizes: text("last_notified_sizes"),
    platform: text("platform").notNull().default("zara"),
    monitorType: text("monitor_type").notNull().default("stock"),
    config: text("config"),
    hasVariants: boolean("has_variants").notNull().default(false),
    /** list of text, stored as JSON text */
    variants: text("variants"),
    createdAt: createdAt(),
    // engine bookkeeping
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    leasedBy: text("leased_by"),
    failureStreak: integer("failure_streak").notNull().default(0),
    lastError: text("last_error"),
    lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
    /** adapter-specific remembered state (vinted: known item ids, holiday flag) */
    engineState: jsonb("engine_state"),
    /** what the last test or failed check read (CheckDetail in common/schemas/check-detail.ts) */
    lastCheckDetail: jsonb("last_check_detail"),
    /** when the engine last saw the product become available (the restock alert's rule) */
    lastRestockAt: timestamp("last_restock_at", { withTimezone: true }),
    /** the last check was not sent: its host was paused after a block until then */
    pausedUntil: timestamp("paused_until", { withTimezone: true }),
    /** the first failed check of the current streak; null after a success */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    /** the monitor said it cannot see (one alert); cleared by the success that says it is back */
    blindSince: timestamp("blind_since", { withTimezone: true }),
    /** the monitor's rules (common/schemas/monitor-rules.ts); null = none */
    rules: jsonb("rules").$type<MonitorRules>(),
    /** a search monitor's newest matching items, for its card (SearchItem[]) */
    latestMatches: jsonb("latest_matches").$type<SearchItem[]>(),
    /** the shared target the engine fetches for it (null: not placed yet; the engine adopts it) */
    targetId: integer("target_id").references((): AnyPgColumn => monitorTargets.id, { onDelete: "set null" }),
    /**
     * the digest of the target's answer this watcher last read with nothing changed (null: it has
     * not, or something of it was edited since): settled targets skip its detection (0145)
     */
    readingKey: text("reading_key"),
    /** counts the edits that forget `readingKey` (trigger products_reading_reset) */
    editVersion: integer("edit_version").notNull().default(0),
  },
  (t) => [
    index("products_user_idx").on(t.userId),
    index("products_target_idx").on(t.targetId),
    index("products_untargeted_idx").on(t.id).where(sql`${t.targetId} is null`),
  ],
);

/** the admin's request budget per retailer host; a host without a row keeps its platform's */
export const hostBudgets = pgTable("host_budgets", {
  host: text("host").primaryKey(),
  perMinute: integer("per_minute").notNull(),
  atOnce: integer("at_once").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** each product monitor's prices as the engine saw them change ; pruned to a year, 500 a monitor */
export const priceHistory = pgTable(
  "price_history",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    price: numeric("price", { precision: 10, scale: 2 }).notNull(),
    currency: text("currency").notNull().default("EUR"),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("price_history_product_idx").on(t.productId, t.recordedAt)],
);

/** the item ids each search monitor has seen: an id alerts at most once */
export const searchSeen = pgTable(
  "search_seen",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    itemId: text("item_id").notNull(),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.itemId] }), index("search_seen_age_idx").on(t.seenAt)],
);

/**
 * What the engine fetches: one row per distinct watched thing, shared by every product that watches
 * it (server/src/engine/target-key.ts). Leased and scheduled here; each product keeps its own state.
 */
export const monitorTargets = pgTable(
  "monitor_targets",
  {
    id: serial("id").primaryKey(),
    platform: text("platform").notNull(),
    targetKey: text("target_key").notNull(),
    /** the URL the engine fetches (the first watcher's) */
    url: text("url").notNull(),
    /** null while no active product watches it */
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    leasedBy: text("leased_by"),
    createdAt: createdAt(),
    /** the page answered 404/410 since then, `notFoundStreak` fetches in a row: it rests */
    notFoundSince: timestamp("not_found_since", { withTimezone: true }),
    notFoundStreak: integer("not_found_streak").notNull().default(0),
    /** the digest of the last answer read (engine/reading-key.ts); null after a failed fetch */
    readingKey: text("reading_key"),
  },
  (t) => [
    unique("monitor_targets_key_unique").on(t.platform, t.targetKey),
    index("monitor_targets_due_idx").on(t.nextCheckAt).where(sql`${t.nextCheckAt} is not null`),
  ],
);

export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    webhookUrl: text("webhook_url"),
    /** the destination-neutral alert; formatted per destination at delivery */
    payload: jsonb("payload"),
    message: text("message").notNull(),
    type: text("type").notNull(),
    /** pending | sending | sent | failed | superseded (a newer alert of the product replaced it unsent) */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** set on a message that must be queued once only (the weekly report: user and week) */
    dedupeKey: text("dedupe_key"),
  },
  (t) => [
    index("notifications_pending_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("notifications_unfinished_idx")
      .on(t.productId, t.webhookUrl, t.id)
      .where(sql`${t.status} in ('pending', 'sending')`),
    uniqueIndex("notifications_dedupe_key_idx").on(t.dedupeKey).where(sql`${t.dedupeKey} is not null`),
  ],
);

/** Web Push: a device (browser) on which the user allowed notifications */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);

export const activityLogs = pgTable(
  "activity_logs",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    /** kept so History still names a product after it is deleted */
    productName: text("product_name"),
    action: text("action").notNull(),
    /** what happened, as a code of common/activity.ts; the screens write the sentence from it */
    code: text("code").$type<ActivityCode>().notNull().default("legacy"),
    params: jsonb("params").$type<ActivityParams>().notNull().default({}),
    /** the same line as a pt-PT sentence (backups, older clients); shown only for `legacy` lines */
    message: text("message").notNull(),
    type: text("type").notNull().default("info"),
    createdAt: createdAt(),
  },
  (t) => [index("activity_user_created_idx").on(t.userId, t.createdAt)],
);

export const inventoryItems = pgTable(
  "inventory_items",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    size: text("size"),
    sku: text("sku"),
    price: numeric("price", { precision: 10, scale: 2 }).notNull(),
    shippingPrice: numeric("shipping_price", { precision: 10, scale: 2 }).notNull().default("0"),
    /** units in the lot (price and shipping are each unit's); a sale of some of them splits the lot */
    quantity: integer("quantity").notNull().default(1),
    /** bought in another currency: that currency, each unit's amount in it, and its rate to the books' */
    purchaseCurrency: text("purchase_currency"),
    purchaseAmount: numeric("purchase_amount", { precision: 12, scale: 2 }),
    purchaseRate: numeric("purchase_rate", { precision: 14, scale: 6 }),
    purchaseLocation: text("purchase_location"),
    purchaseDate: timestamp("purchase_date", { withTimezone: true }),
    status: text("status").notNull().default("in_stock"),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    notes: text("notes"),
    /** the monitor it was bought from ("Comprei"); the item stays when the monitor goes */
    sourceProductId: integer("source_product_id").references(() => products.id, { onDelete: "set null" }),
    /**
     * the lot this item's units were split off from by a sale of some of them; deleting that sale
     * puts the units back into the lot while it still has their cost (migration 0138)
     */
    splitFromItemId: integer("split_from_item_id").references((): AnyPgColumn => inventoryItems.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("inventory_user_idx").on(t.userId),
    index("inventory_source_product_idx").on(t.sourceProductId),
    index("inventory_split_from_idx").on(t.splitFromItemId).where(sql`${t.splitFromItemId} is not null`),
    index("inventory_user_currency_idx")
      .on(t.userId, t.purchaseCurrency, t.createdAt)
      .where(sql`${t.purchaseCurrency} is not null`),
    index("inventory_user_bought_idx").on(t.userId, sql`coalesce(${t.purchaseDate}, ${t.createdAt})`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => Buffer.from(v),
});

/** an item's photo, kept out of the item row so that lists carry only its URL */
export const itemPhotos = pgTable("item_photos", {
  itemId: integer("item_id")
    .primaryKey()
    .references(() => inventoryItems.id, { onDelete: "cascade" }),
  mime: text("mime").notNull(),
  full: bytea("full").notNull(),
  /** made on upload; null for photos moved out of the item row, made on first request */
  thumbnail: bytea("thumbnail"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** a deleted item, its sale and photo, kept a short while so the deletion can be undone */
export const deletedItems = pgTable("deleted_items", {
  itemId: integer("item_id").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  item: jsonb("item").notNull(),
  sale: jsonb("sale"),
  photoMime: text("photo_mime"),
  photoFull: bytea("photo_full"),
  photoThumbnail: bytea("photo_thumbnail"),
  photoUpdatedAt: timestamp("photo_updated_at", { withTimezone: true }),
  deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
});

export const sales = pgTable(
  "sales",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    inventoryItemId: integer("inventory_item_id").references(() => inventoryItems.id, {
      onDelete: "cascade",
    }),
    salePrice: numeric("sale_price", { precision: 10, scale: 2 }).notNull(),
    saleDate: timestamp("sale_date", { withTimezone: true }).notNull().defaultNow(),
    buyer: text("buyer"),
    platform: text("platform"),
    fees: numeric("fees", { precision: 10, scale: 2 }).notNull().default("0"),
    profit: numeric("profit", { precision: 12, scale: 2 }).notNull(),
    /** the books currency (ISO 4217) the sale was recorded in: its amounts stay in it */
    currency: text("currency").notNull().default("EUR"),
    /**
     * what its item cost, (price + shipping) × units; kept by triggers from the item (migration
     * 0141), never written by the application; null without an item
     */
    soldCost: numeric("sold_cost"),
    /** profit × 100 / price (null at price 0), computed by PostgreSQL (migration 0144) */
    margin: numeric("margin").generatedAlwaysAs(sql`profit * 100 / nullif(sale_price, 0)`),
    /** kept without a time (00:00 UTC), computed by PostgreSQL (migration 0144): see `dayOnly` */
    dayOnly: boolean("day_only").generatedAlwaysAs(sql`(sale_date at time zone 'UTC')::time = '00:00'`),
    createdAt: createdAt(),
  },
  (t) => [
    index("sales_user_idx").on(t.userId),
    uniqueIndex("sales_item_unique").on(t.inventoryItemId),
    index("sales_user_currency_idx").on(t.userId, t.currency),
    index("sales_user_date_idx").on(t.userId, t.saleDate),
  ],
);

/**
 * A row imported from a books CSV: the hash of its normalised values, so importing the
 * same file twice adds nothing. It goes with the item or sale it made, so a row whose item was
 * deleted may be imported again.
 */
export const importFingerprints = pgTable(
  "import_fingerprints",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** "inventory" or "sales" */
    kind: text("kind").notNull(),
    fingerprint: text("fingerprint").notNull(),
    inventoryItemId: integer("inventory_item_id").references(() => inventoryItems.id, {
      onDelete: "cascade",
    }),
    saleId: integer("sale_id").references(() => sales.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "import_fingerprints_pk", columns: [t.userId, t.kind, t.fingerprint] }),
    index("import_fingerprints_item_idx").on(t.inventoryItemId),
    index("import_fingerprints_sale_idx").on(t.saleId),
  ],
);

/** one version of a user's fee preset for a sale platform, valid from its day to the next version's */
export const feePresets = pgTable(
  "fee_presets",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    platform: text("platform").notNull(),
    percent: numeric("percent", { precision: 5, scale: 2 }).notNull(),
    fixedAmount: numeric("fixed_amount", { precision: 10, scale: 2 }).notNull(),
    shippingPaidBy: text("shipping_paid_by").$type<"buyer" | "seller">().notNull(),
    /** yyyy-MM-dd */
    validFrom: date("valid_from", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique("fee_presets_version_unique").on(t.userId, t.platform, t.validFrom)],
);

export const expenses = pgTable(
  "expenses",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** yyyy-MM-dd */
    spentOn: date("spent_on", { mode: "string" }).notNull(),
    category: text("category").notNull(),
    description: text("description"),
    amount: numeric("amount", { precision: 10, scale: 2 }).notNull(),
    inventoryItemId: integer("inventory_item_id").references(() => inventoryItems.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("expenses_user_day_idx").on(t.userId, t.spentOn)],
);

/** an expense's receipt photo, kept out of the expense row like an item's photo */
export const expenseReceipts = pgTable("expense_receipts", {
  expenseId: integer("expense_id")
    .primaryKey()
    .references(() => expenses.id, { onDelete: "cascade" }),
  mime: text("mime").notNull(),
  full: bytea("full").notNull(),
  thumbnail: bytea("thumbnail").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const financialMetrics = pgTable("financial_metrics", {
  id: serial("id").primaryKey(),
  totalRevenue: numeric("total_revenue", { precision: 12, scale: 2 }).notNull().default("0"),
  profitMargin: numeric("profit_margin", { precision: 5, scale: 2 }).notNull().default("0"),
  totalItemsSold: integer("total_items_sold").notNull().default(0),
  totalItemsInStock: integer("total_items_in_stock").notNull().default(0),
  totalProfit: numeric("total_profit", { precision: 12, scale: 2 }).notNull().default("0"),
  lastUpdated: timestamp("last_updated", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
});

/** installation-wide groups: key 'global' | 'system' */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const userSettings = pgTable("user_settings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A process's share of a host's request budget (engine/fetch/host-allotments.ts): the shares of the
 * live processes never add up to more than the budget.
 */
export const hostAllotments = pgTable(
  "host_allotments",
  {
    host: text("host").notNull(),
    workerId: text("worker_id").notNull(),
    demand: doublePrecision("demand").notNull(),
    perMinute: doublePrecision("per_minute").notNull(),
    atOnce: integer("at_once").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: "host_allotments_pk", columns: [t.host, t.workerId] })],
);

/** personal API tokens (Settings → API): only the sha256 of the token is kept */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** the token's first characters, to tell tokens apart in the list */
    prefix: text("prefix").notNull(),
    scopes: text("scopes").array().notNull(),
    /** null: until revoked */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** written at most every few minutes while the token is used */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("api_tokens_hash_idx").on(t.tokenHash), index("api_tokens_user_idx").on(t.userId)],
);
