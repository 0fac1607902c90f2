import { AlertTriangle, FileSpreadsheet, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { OtherCurrencyNote } from "@/components/other-currency-note";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { useFormat } from "@/lib/user-settings";
import { useDac7 } from "../api/get-dac7";
import { YearSelect } from "./year-select";

const LEVEL_VARIANT = { ok: "secondary", near: "outline", reached: "destructive" } as const;

/**
 * DAC7: each platform's sales and total in a calendar year against the EU reporting thresholds. The
 * threshold and the totals are in euros whatever the books currency (the server adds only the sales
 * recorded in euros); the card says so when the books are kept in another currency.
 */
export function Dac7Card() {
  const { t } = useTranslation("sales");
  const f = useFormat();
  const [year, setYear] = useState<number | null>(null);
  const dac7 = useDac7(year);
  const data = dac7.data;
  if (!data) return null;
  const euros = (value: string) => f.price(value, data.currency);
  return (
    <Card data-testid="dac7-card">
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <div className="space-y-1">
          <CardTitle>{t("dac7.title")}</CardTitle>
          <CardDescription>
            {t("dac7.description", {
              sales: data.salesThreshold,
              amount: euros(data.amountThreshold),
            })}
          </CardDescription>
          {f.currency !== data.currency && <CardDescription>{t("dac7.inEuros")}</CardDescription>}
        </div>
        <YearSelect value={data.year} years={data.years} onChange={setYear} className="shrink-0" />
      </CardHeader>
      <CardContent>
        {data.platforms.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("dac7.none")}</p>
        ) : (
          <ul className="divide-y">
            {data.platforms.map((p) => (
              <li key={p.platform} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span className="font-medium">{p.platform}</span>
                <span className="tabular-nums text-muted-foreground">
                  {t("dac7.figures", {
                    count: p.sales,
                    sales: p.sales,
                    threshold: data.salesThreshold,
                    total: euros(p.total),
                    amount: euros(data.amountThreshold),
                  })}
                </span>
                <Badge
                  variant={LEVEL_VARIANT[p.level]}
                  className={
                    p.level === "near" ? "gap-1 border-amber-500 text-amber-700 dark:text-amber-400" : "gap-1"
                  }
                >
                  {p.level === "ok" ? <ShieldCheck /> : <AlertTriangle />}
                  {t(`dac7.level.${p.level}`)}
                </Badge>
              </li>
            ))}
          </ul>
        )}
        <OtherCurrencyNote count={data.otherCurrencySales} className="pt-2" />
      </CardContent>
      <CardFooter>
        <Link
          href={`${paths.salesYearSummary}?year=${data.year}`}
          className={buttonVariants({ variant: "outline", className: "w-full sm:w-auto" })}
        >
          <FileSpreadsheet />
          {t("yearSummary.link", { year: data.year })}
        </Link>
      </CardFooter>
    </Card>
  );
}
