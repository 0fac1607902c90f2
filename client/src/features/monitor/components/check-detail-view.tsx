import { readerName } from "@common/platforms";
import type { CheckDetail } from "@common/schemas/check-detail";
import { AlertTriangle, ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { translateMessage } from "@/lib/i18n";
import { usePlatforms } from "@/lib/platforms";
import { useFormat } from "@/lib/user-settings";
import { cn } from "@/lib/utils";
import { statusLabel, statusVariant } from "../lib/product-display";
import { ProductImage } from "./product-image";

/** the destructive badge's red reads below 4.5:1 on the tinted rows of this panel: a deeper one */
const READABLE_RED = "text-[oklch(0.47_0.19_27)] dark:text-[oklch(0.83_0.1_25)]";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="min-w-0 space-y-1.5">
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 text-sm">
      <dt className="shrink-0 text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-right font-medium">{children}</dd>
    </div>
  );
}

function httpStatusVariant(status: number | null) {
  if (status === null) return "destructive" as const;
  if (status >= 200 && status < 300) return "success" as const;
  if (status >= 300 && status < 400) return "secondary" as const;
  return "destructive" as const;
}

function sizeFlag(size: CheckDetail["sizes"][number]): {
  text: "check.sizeSoldOut" | "check.sizeLow" | "check.sizeAvailable";
  variant: "success" | "warning" | "outline";
} {
  if (!size.available) return { text: "check.sizeSoldOut", variant: "outline" };
  if (size.lowStock) return { text: "check.sizeLow", variant: "warning" };
  return { text: "check.sizeAvailable", variant: "success" };
}

/** everything one check read: what answered, what it said, and the verdict */
export function CheckDetailView({ detail, platform }: { detail: CheckDetail; platform: string }) {
  const f = useFormat();
  const { t } = useTranslation("monitor");
  const isProfile = usePlatforms().watchesProfile(platform);
  const verdict = detail.status ? statusLabel({ status: detail.status }, isProfile) : null;
  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="check-detail">
      <div className="flex flex-wrap items-center gap-2">
        {verdict && detail.status ? (
          <Badge variant={statusVariant(detail.status)} data-testid="check-verdict">
            {verdict}
          </Badge>
        ) : (
          <Badge variant="destructive" className={READABLE_RED} data-testid="check-verdict">
            {t("check.failure", {
              label: detail.failure ? translateMessage(detail.failure.label) : t("check.failureFallback"),
            })}
          </Badge>
        )}
        <span className="text-xs text-muted-foreground">
          {detail.trigger === "test" ? t("check.manual") : t("check.automatic")} · {f.dateTime(detail.at)} ·{" "}
          {t("check.duration", { ms: detail.durationMs })}
        </span>
      </div>

      {detail.failure && (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive" />
          <div className="min-w-0">
            <p className="font-semibold">
              {t("check.reason", { label: translateMessage(detail.failure.label) })}
            </p>
            <p className="break-words text-muted-foreground">{translateMessage(detail.failure.message)}</p>
          </div>
        </div>
      )}

      <Section title={t("check.requests")}>
        <dl className="space-y-1">
          <Row label={t("check.route")}>
            {detail.route ? translateMessage(readerName(detail.route)) : "—"}
          </Row>
        </dl>
        {detail.exchanges.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("check.noRequests")}</p>
        ) : (
          <ol className="space-y-1" data-testid="check-exchanges">
            {detail.exchanges.map((e, i) => (
              <li
                // exchanges are a fixed log: their order is their identity
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={i}
                className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 rounded border bg-muted/40 px-2 py-1 text-xs"
              >
                <Badge
                  variant={httpStatusVariant(e.status)}
                  className={cn(
                    "shrink-0 tabular-nums",
                    httpStatusVariant(e.status) === "destructive" && READABLE_RED,
                  )}
                >
                  {e.status === null ? t("check.noAnswer") : `HTTP ${e.status}`}
                </Badge>
                <span className="shrink-0 tabular-nums text-muted-foreground">
                  {t("check.duration", { ms: e.ms })}
                </span>
                <span className="min-w-0 font-mono break-all">
                  {e.method} {e.url}
                </span>
              </li>
            ))}
          </ol>
        )}
      </Section>

      {detail.ok && (
        <Section title={t("check.whatItRead")}>
          <div className="flex min-w-0 gap-3">
            <ProductImage
              src={detail.imageUrl}
              alt={detail.name ?? t("check.imageAlt")}
              className="size-16 shrink-0 rounded-lg border"
            />
            <dl className="min-w-0 flex-1 space-y-1">
              <Row label={t("check.name")}>{detail.name ?? "—"}</Row>
              {detail.items.length === 0 && (
                <Row label={t("check.price")}>
                  {detail.price ? f.price(detail.price, detail.currency) : "—"}
                </Row>
              )}
            </dl>
          </div>
        </Section>
      )}

      {detail.sizes.length > 0 && (
        <Section title={t("check.sizes")}>
          <ul className="grid grid-cols-1 gap-1 sm:grid-cols-2" data-testid="check-sizes">
            {detail.sizes.map((s, i) => {
              const flag = sizeFlag(s);
              return (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: two variants may share a label
                  key={i}
                  className={cn(
                    "flex min-w-0 items-center justify-between gap-2 rounded border px-2 py-1 text-sm",
                    !s.available && "text-muted-foreground",
                  )}
                >
                  <span className="min-w-0 truncate">{s.name}</span>
                  <Badge variant={flag.variant} className="shrink-0">
                    {t(flag.text)}
                  </Badge>
                </li>
              );
            })}
          </ul>
        </Section>
      )}

      {detail.items.length > 0 && (
        <Section title={t("check.items", { n: detail.items.length })}>
          <ul className="space-y-1" data-testid="check-items">
            {detail.items.map((item) => (
              <li key={item.url} className="flex min-w-0 items-center justify-between gap-2 text-sm">
                <a
                  href={item.url}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="inline-flex min-w-0 items-center gap-1 text-primary underline-offset-2 hover:underline"
                >
                  <span className="truncate">{item.title}</span>
                  <ExternalLink className="size-3 shrink-0" />
                </a>
                {item.price && (
                  <span className="shrink-0 tabular-nums text-muted-foreground">
                    {f.price(item.price, item.currency ?? detail.currency)}
                  </span>
                )}
                {item.verdict && (
                  <span
                    data-testid="item-verdict"
                    className={`shrink-0 rounded px-1.5 py-0.5 text-xs ${
                      item.verdict === "kept"
                        ? "bg-primary/10 text-primary"
                        : "bg-muted text-muted-foreground"
                    }`}
                  >
                    {t(`check.verdict.${item.verdict}` as "check.verdict.kept", {
                      defaultValue: item.verdict,
                    })}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </Section>
      )}

      {detail.excerpt && (
        <Section title={t("check.excerpt")}>
          <pre className="max-h-40 overflow-auto rounded-md border bg-muted/50 p-2 font-mono text-xs break-all whitespace-pre-wrap">
            {detail.excerpt}
          </pre>
        </Section>
      )}
    </div>
  );
}
