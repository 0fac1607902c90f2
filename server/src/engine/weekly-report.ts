import { subtractMoney } from "@common/money.js";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { type Language, languageOf, translator } from "../i18n.js";
import type { AlertPayload, WeeklyReport } from "./notify/alert.js";
import { weeklyReportRepository } from "../repositories/weekly-report.js";
import { MAILTO } from "./notify/channels/email.js";

const DEFAULT_ZONE = "Europe/Lisbon";

interface DueUser {
  id: number;
  email: string;
  tz: string;
  currency: string;
  language: Language;
  fromAt: Date;
  toAt: Date;
  from: string;
  to: string;
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * Users whose weekly report is due at `now`: Monday 09:00 in their zone has passed this week, they
 * have an e-mail address and 'Relatório semanal' on, and this week's report is not queued yet.
 * The week reported is the seven local days before this Monday; a week that ended before the
 * account was created is not reported (a new account's first Monday would tell of a week it never
 * had), one it was created during is.
 */
async function dueUsers(db: Db, now: Date): Promise<DueUser[]> {
  const result = await db.execute(sql`
    with u as (
      select o.id, o.email, o.created_at, coalesce(nullif(s.value->>'timezone', ''), ${DEFAULT_ZONE}) as tz,
        coalesce(nullif(s.value->>'currency', ''), 'EUR') as currency, s.value->>'language' as language
      from users o left join user_settings s on s.user_id = o.id
      where coalesce(o.email, '') <> '' and coalesce((s.value->>'weeklyReport')::boolean, true)
    ),
    w as (select u.*, date_trunc('week', ${now.toISOString()}::timestamptz at time zone u.tz) as monday from u)
    select id, email, tz, currency, language,
      (monday - interval '7 days') at time zone tz as from_at, monday at time zone tz as to_at,
      to_char(monday - interval '7 days', 'YYYY-MM-DD') as from_day, to_char(monday - interval '1 day', 'YYYY-MM-DD') as to_day
    from w
    where ${now.toISOString()}::timestamptz >= (monday + interval '9 hours') at time zone tz
      and created_at < monday at time zone tz
      and not exists (select 1 from notifications n
        where n.dedupe_key = 'weekly:' || w.id || ':' || to_char(w.monday, 'YYYY-MM-DD'))`);
  return rowsOf(result).map((r) => ({
    id: Number(r.id),
    email: String(r.email),
    tz: String(r.tz),
    currency: String(r.currency),
    language: languageOf(r.language),
    fromAt: new Date(r.from_at as string),
    toAt: new Date(r.to_at as string),
    from: String(r.from_day),
    to: String(r.to_day),
  }));
}

async function figures(db: Db, user: DueUser): Promise<WeeklyReport> {
  const week = [db, user.id, user.fromAt, user.toAt] as const;
  const [totals, spent, best, restocks, failing] = await Promise.all([
    // the report is written in the books currency: it adds the sales recorded in it
    weeklyReportRepository.salesTotals(...week, user.currency),
    weeklyReportRepository.expensesTotal(db, user.id, user.from, user.to),
    weeklyReportRepository.bestSales(...week, user.currency, translator(user.language)("report.item")),
    weeklyReportRepository.restocksAlerted(...week),
    weeklyReportRepository.failingMonitors(db, user.id),
  ]);
  return {
    from: user.from,
    to: user.to,
    timeZone: user.tz,
    currency: user.currency,
    ...totals,
    expenses: spent,
    // the week's profit after the week's expenses (docs/decisions.md, "Despesas no lucro")
    profit: subtractMoney(totals.profit, spent),
    best,
    restocks,
    failing,
  };
}

/**
 * Queues the weekly reports that are due as e-mail rows of the outbox. The row's dedupe key (user
 * and week) makes it once per week however many workers run this, and after any restart.
 * Returns how many rows this call queued.
 */
export async function queueWeeklyReports(db: Db, now: Date = new Date()): Promise<number> {
  let queued = 0;
  for (const user of await dueUsers(db, now)) {
    const report = await figures(db, user);
    const payload: AlertPayload = {
      kind: "weekly_report",
      productId: 0,
      productName: translator(user.language)("report.title"),
      productUrl: "",
      platform: "",
      status: "",
      sizes: [],
      newSizes: [],
      at: now.toISOString(),
      report,
      // the e-mail is written in the user's language when it is sent
      ...(user.language === "pt" ? {} : { language: user.language }),
    };
    const monday = nextDay(user.to);
    const result = await db.execute(sql`insert into notifications
        (user_id, webhook_url, payload, message, type, status, dedupe_key)
      values (${user.id}, ${MAILTO + user.email}, ${JSON.stringify(payload)}::jsonb,
        ${`Relatório semanal ${user.from} – ${user.to}`}, 'info', 'pending', ${`weekly:${user.id}:${monday}`})
      on conflict (dedupe_key) where dedupe_key is not null do nothing
      returning id`);
    queued += rowsOf(result).length;
  }
  return queued;
}

function nextDay(isoDate: string): string {
  const d = new Date(`${isoDate}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** checks every minute whether a report is due; returns the stop function */
export function scheduleWeeklyReports(
  db: Db,
  onQueued: () => void,
  onError: (e: unknown) => void,
  everyMs = 60_000,
) {
  let stopped = false;
  const tick = () =>
    queueWeeklyReports(db).then(
      (n) => {
        if (n > 0 && !stopped) onQueued();
      },
      (error) => onError(error),
    );
  void tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
