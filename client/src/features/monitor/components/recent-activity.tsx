import type { ActivityDto } from "@common/schemas/activity";
import { useTranslation } from "react-i18next";
import { ActivityLineList } from "@/components/activity-line-list";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

export function RecentActivity({ entries, count }: { entries: ActivityDto[] | undefined; count: number }) {
  const { t } = useTranslation("monitor");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("activity.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        {(entries ?? []).length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("activity.empty")}</p>
        ) : (
          <ActivityLineList entries={entries ?? []} count={count} label={t("activity.label")} />
        )}
      </CardContent>
    </Card>
  );
}
