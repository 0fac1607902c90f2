import { BellRing, Boxes, PackageSearch, TrendingUp } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { applyLanguage, browserLanguage } from "@/lib/i18n";

const highlights = [
  { icon: BellRing, key: "highlightAlerts" },
  { icon: Boxes, key: "highlightBooks" },
  { icon: TrendingUp, key: "highlightRanking" },
] as const;

interface AuthLayoutProps {
  title: string;
  subtitle: ReactNode;
  /** under the card: a hint or a way back */
  footer?: ReactNode;
  children: ReactNode;
}

/** The screens shown before a session (login, an invite, the second step): the brand and one card. */
export function AuthLayout({ title, subtitle, footer, children }: AuthLayoutProps) {
  const { t } = useTranslation("auth");
  // before logging in, the screen speaks the browser's language
  useEffect(() => {
    void applyLanguage(browserLanguage());
  }, []);
  return (
    <div className="grid min-h-dvh bg-background lg:grid-cols-[1.1fr_1fr]">
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-indigo-600 via-violet-600 to-fuchsia-600 p-12 text-white lg:flex lg:flex-col lg:justify-between dark:from-indigo-950 dark:via-violet-950 dark:to-fuchsia-950">
        <div className="flex items-center gap-3 text-lg font-semibold">
          <span className="flex size-10 items-center justify-center rounded-xl bg-white/15 ring-1 ring-white/25">
            <PackageSearch className="size-5" />
          </span>
          Stock Monitor
        </div>
        <div className="max-w-md space-y-6">
          <h2 className="text-4xl leading-tight font-semibold tracking-tight">{t("tagline")}</h2>
          <ul className="space-y-3 text-white/85">
            {highlights.map(({ icon: Icon, key }) => (
              <li key={key} className="flex items-center gap-3">
                <Icon className="size-5 shrink-0 text-white/70" />
                {t(key)}
              </li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-white/60">{t("madeFor")}</p>
        <div className="pointer-events-none absolute -right-24 -bottom-24 size-80 rounded-full bg-white/10 blur-3xl" />
      </aside>
      <main className="flex items-center justify-center px-4 py-10 sm:px-8">
        <div className="w-full max-w-sm space-y-6">
          <div className="flex flex-col items-center gap-3 text-center lg:hidden">
            <span className="flex size-12 items-center justify-center rounded-2xl bg-primary text-primary-foreground shadow-md">
              <PackageSearch className="size-6" />
            </span>
            <span className="text-xl font-semibold tracking-tight">Stock Monitor</span>
          </div>
          <Card className="shadow-lg">
            <CardHeader>
              <CardTitle className="text-2xl">{title}</CardTitle>
              <CardDescription>{subtitle}</CardDescription>
            </CardHeader>
            <CardContent>{children}</CardContent>
          </Card>
          {footer && <div className="text-center text-xs text-muted-foreground">{footer}</div>}
        </div>
      </main>
    </div>
  );
}
