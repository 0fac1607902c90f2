import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { expenses, inventoryItems, sales, users } from "../db/schema.js";
import { type DayWindow, saleLocalTime } from "./sale-calendar.js";

/** the days that count, on the viewer's calendar: `from` and `to` (exclusive) as "yyyy-mm-dd" */
export type RankingWindow = DayWindow;

export const rankingRepository = {
  /**
   * users with at least one sale (in the window, when there is one), by total profit after their
   * expenses of the same days, then revenue, then username. Sums and ratios in SQL on numeric, so
   * every figure is exact to the cent. Users who hid themselves are left out unless `withHidden`.
   * Only sales recorded in `currency` (the viewer's books currency) count: amounts in another
   * currency are not added to them.
   */
  listSellers(
    conn: Conn,
    { window, withHidden, currency }: { window: RankingWindow | null; withHidden: boolean; currency: string },
  ) {
    // a sale's day on the viewer's calendar; one kept without a time (00:00 UTC) is its own day
    // anywhere, the rule of the month charts and the best month
    const saleDay = (w: RankingWindow) => sql`${saleLocalTime(w.timeZone, sales.saleDate)}::date`;
    const expensesInWindow = window
      ? sql` and ${expenses.spentOn} >= ${window.from}::date and ${expenses.spentOn} < ${window.to}::date`
      : sql``;
    // one index range (expenses_user_day_idx) per seller
    const spent = sql`coalesce((select sum(${expenses.amount}) from ${expenses} where ${expenses.userId} = ${users.id}${expensesInWindow}), 0)`;
    const profit = sql`(sum(${sales.profit}) - ${spent})`;
    const revenue = sql`sum(${sales.salePrice})`;
    const conditions: SQL[] = [sql`${sales.currency} = ${currency}`];
    if (window) {
      conditions.push(
        sql`${saleDay(window)} >= ${window.from}::date`,
        sql`${saleDay(window)} < ${window.to}::date`,
      );
    }
    if (!withHidden) conditions.push(eq(users.hiddenFromRanking, false));
    return conn
      .select({
        id: users.id,
        username: users.username,
        fullName: users.fullName,
        avatar: users.avatar,
        totalRevenue: sql<string>`round(${revenue}, 2)::text`,
        totalProfit: sql<string>`round(${profit}, 2)::text`,
        profitMargin: sql<string | null>`round(${profit} * 100 / nullif(${revenue}, 0), 2)::text`,
        // units: a sale of 2 of a lot counts 2 (its item's quantity), a sale whose item is gone 1
        soldItems: sql<number>`coalesce(sum(coalesce(${inventoryItems.quantity}, 1)), 0)::int`,
        totalItems: sql<number>`(select coalesce(sum(i.quantity), 0) from ${inventoryItems} i where i.user_id = ${users.id})::int`,
        averageProfit: sql<string>`round(${profit} / count(${sales.id}), 2)::text`,
        hidden: users.hiddenFromRanking,
      })
      .from(users)
      .innerJoin(sales, eq(sales.userId, users.id))
      .leftJoin(inventoryItems, eq(inventoryItems.id, sales.inventoryItemId))
      .where(and(...conditions))
      .groupBy(users.id)
      .orderBy(sql`${profit} desc`, sql`${revenue} desc`, users.username);
  },

  /**
   * the sales of the window recorded in another currency than `currency`, of the sellers the viewer
   * sees (all of them for an admin): the ones `listSellers` leaves out of every line
   */
  async countOtherCurrency(
    conn: Conn,
    { window, withHidden, currency }: { window: RankingWindow | null; withHidden: boolean; currency: string },
  ): Promise<number> {
    const saleDay = (w: RankingWindow) => sql`${saleLocalTime(w.timeZone, sales.saleDate)}::date`;
    const conditions: SQL[] = [sql`${sales.currency} <> ${currency}`];
    if (window) {
      conditions.push(
        sql`${saleDay(window)} >= ${window.from}::date`,
        sql`${saleDay(window)} < ${window.to}::date`,
      );
    }
    if (!withHidden) conditions.push(eq(users.hiddenFromRanking, false));
    const [row] = await conn
      .select({ n: sql<number>`count(*)::int` })
      .from(sales)
      .innerJoin(users, eq(users.id, sales.userId))
      .where(and(...conditions));
    return Number(row?.n ?? 0);
  },

  async setHidden(conn: Conn, userId: number, hidden: boolean): Promise<boolean | undefined> {
    const [row] = await conn
      .update(users)
      .set({ hiddenFromRanking: hidden })
      .where(eq(users.id, userId))
      .returning({ hidden: users.hiddenFromRanking });
    return row?.hidden;
  },
};
