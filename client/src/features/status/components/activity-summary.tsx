import type { StatusStatistics } from "@common/schemas/statistics";
import { Trans, useTranslation } from "react-i18next";
import { ActivityLineList } from "@/components/activity-line-list";
import { useActivity } from "@/lib/activity-queries";
import { countActivityLines } from "@/lib/activity-lines";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

const RECENT_LINES = 5;

/**
 * Counted and shown as History does (a check and the alerts it caused are one line): the same
 * GET /api/activity answer; the statistics' own few entries until it arrives.
 */
export function ActivitySummaryCard({ summary }: { summary: StatusStatistics["activitySummary"] }) {
  const { t } = useTranslation("status");
  const activity = useActivity();
  const entries = activity.data ?? summary.recent;
  const total = activity.data ? countActivityLines(activity.data) : summary.totalActivities;
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle>{t("activity.title")}</CardTitle>
        <span className="text-sm text-muted-foreground">
          <Trans
            t={t}
            i18nKey="activity.total"
            values={{ total }}
            components={{ strong: <strong className="text-foreground tabular-nums" /> }}
          />
        </span>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted-foreground">{t("activity.none")}</p>
        ) : (
          <ActivityLineList entries={entries} count={RECENT_LINES} label={t("activity.listLabel")} />
        )}
      </CardContent>
    </Card>
  );
}
