import type { PricePoint } from "@common/schemas/price-history";
import type { ProductDto } from "@common/schemas/products";
import { Loader2, TrendingDown, TrendingUp } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { errorMessage } from "@/lib/http";
import { useFormat } from "@/lib/user-settings";
import { usePriceHistory } from "../api/get-price-history";

const AXIS = { fontSize: 12, fill: "var(--color-muted-foreground)" };

/**
 * The card's price line: the last change ("45,99 € → 35,99 € · 27/11/2026") and the lowest price
 * seen; a click opens the chart of the whole history.
 */
export function PriceTrend({ product }: { product: ProductDto }) {
  const { t } = useTranslation("monitor");
  const f = useFormat();
  const [open, setOpen] = useState(false);
  const s = product.priceSummary;
  if (!s || s.previous === null) return null;
  const fell = Number(s.current) < Number(s.previous);
  const Icon = fell ? TrendingDown : TrendingUp;
  return (
    <>
      <button
        type="button"
        data-testid="price-trend"
        className="flex w-full flex-wrap items-center gap-x-2 gap-y-0.5 rounded-md text-left text-xs text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        aria-label={t("prices.open", { name: product.name })}
        onClick={() => setOpen(true)}
      >
        <span
          className={
            fell
              ? "inline-flex items-center gap-1 font-medium text-emerald-700 dark:text-emerald-400"
              : "inline-flex items-center gap-1 font-medium"
          }
        >
          <Icon className="size-3.5" aria-hidden />
          {t("prices.change", {
            from: f.price(s.previous, s.currency),
            to: f.price(s.current, s.currency),
          })}
        </span>
        <span>{f.date(s.changedAt)}</span>
        <span>{t("prices.low", { value: f.price(s.low, s.currency) })}</span>
      </button>
      <PriceHistoryDialog product={open ? product : null} onClose={() => setOpen(false)} />
    </>
  );
}

export function PriceHistoryDialog({
  product,
  onClose,
}: {
  product: ProductDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(["monitor", "common"]);
  return (
    <Dialog open={product !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-2xl" data-testid="price-history-dialog">
        <DialogHeader>
          <DialogTitle>{t("prices.title")}</DialogTitle>
          <DialogDescription className="break-words">{product?.name}</DialogDescription>
        </DialogHeader>
        {product && <PriceHistoryBody productId={product.id} />}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t("common:actions.close")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function PriceHistoryBody({ productId }: { productId: number }) {
  const { t } = useTranslation("monitor");
  const history = usePriceHistory(productId);
  if (history.isPending)
    return (
      <p className="flex items-center gap-2 py-6 text-sm text-muted-foreground" role="status">
        <Loader2 className="size-4 animate-spin" />
        {t("prices.loading")}
      </p>
    );
  if (history.error)
    return (
      <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm">
        {errorMessage(history.error, t("prices.loadError"))}
      </p>
    );
  return <PriceChart points={history.data.points} />;
}

/** the prices in the newest point's currency, as a step line (a price holds until the next change) */
function PriceChart({ points }: { points: PricePoint[] }) {
  const { t } = useTranslation("monitor");
  const f = useFormat();
  const currency = points.at(-1)?.currency ?? "EUR";
  const data = useMemo(
    () =>
      points
        .filter((p) => p.currency === currency)
        .map((p) => ({ at: new Date(p.at).getTime(), value: Number(p.price), price: p.price })),
    [points, currency],
  );
  if (data.length === 0) return <p className="py-6 text-sm text-muted-foreground">{t("prices.empty")}</p>;
  const recent = [...data].reverse().slice(0, 5);
  return (
    <div className="min-w-0 space-y-3">
      <div className="h-56 w-full" data-testid="price-chart">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ left: 0, right: 8, top: 8 }}>
            <CartesianGrid vertical={false} stroke="var(--color-border)" />
            <XAxis
              dataKey="at"
              type="number"
              scale="time"
              domain={["dataMin", "dataMax"]}
              tick={AXIS}
              tickLine={false}
              axisLine={false}
              tickFormatter={(v: number) => f.date(new Date(v)).slice(0, 5)}
            />
            <YAxis
              tick={AXIS}
              tickLine={false}
              axisLine={false}
              width={72}
              domain={["auto", "auto"]}
              tickFormatter={(v: number) => f.price(v, currency)}
            />
            <Tooltip
              content={({ active, payload }) => {
                const point = payload?.[0]?.payload as (typeof data)[number] | undefined;
                if (!active || !point) return null;
                return (
                  <div className="rounded-md border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md">
                    <p className="font-medium tabular-nums">{f.price(point.price, currency)}</p>
                    <p className="text-muted-foreground">{f.dateTime(new Date(point.at))}</p>
                  </div>
                );
              }}
            />
            <Line
              type="stepAfter"
              dataKey="value"
              stroke="var(--color-primary)"
              strokeWidth={2}
              dot={{ r: 3 }}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <ul className="divide-y rounded-md border text-sm" aria-label={t("prices.recent")}>
        {recent.map((p) => (
          <li key={p.at} className="flex justify-between gap-3 px-3 py-1.5">
            <span className="text-muted-foreground">{f.dateTime(new Date(p.at))}</span>
            <span className="font-medium tabular-nums">{f.price(p.price, currency)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
