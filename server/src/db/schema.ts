import type { AlertChannels } from "@common/schemas/products.js";
import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
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
});

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
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
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
  },
  (t) => [
    index("products_user_idx").on(t.userId),
    index("products_due_idx").on(t.nextCheckAt).where(sql`${t.isActive}`),
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
    /** pending | sending | sent | failed */
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
    purchaseLocation: text("purchase_location"),
    purchaseDate: timestamp("purchase_date", { withTimezone: true }),
    status: text("status").notNull().default("in_stock"),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    notes: text("notes"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("inventory_user_idx").on(t.userId)],
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
    createdAt: createdAt(),
  },
  (t) => [index("sales_user_idx").on(t.userId), uniqueIndex("sales_item_unique").on(t.inventoryItemId)],
);

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
