import type { StatusStatistics } from "@common/schemas/statistics";
import { Trans, useTranslation } from "react-i18next";
import { ActivityLineList } from "@/components/activity-line-list";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

export function ActivitySummaryCard({ summary }: { summary: StatusStatistics["activitySummary"] }) {
  const { t } = useTranslation("status");
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle>{t("activity.title")}</CardTitle>
        <span className="text-sm text-muted-foreground">
          <Trans
            t={t}
            i18nKey="activity.total"
            values={{ total: summary.totalActivities }}
            components={{ strong: <strong className="text-foreground tabular-nums" /> }}
          />
        </span>
      </CardHeader>
      <CardContent>
        {summary.recent.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted-foreground">{t("activity.none")}</p>
        ) : (
          <ActivityLineList
            entries={summary.recent}
            count={summary.recent.length}
            label={t("activity.listLabel")}
          />
        )}
      </CardContent>
    </Card>
  );
}
