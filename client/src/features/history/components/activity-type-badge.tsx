import { useTranslation } from "react-i18next";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { typeLabel } from "../lib/history";

const variants: Record<string, BadgeProps["variant"]> = {
  success: "success",
  error: "destructive",
  warning: "warning",
  info: "info",
};

export function ActivityTypeBadge({ type, className }: { type: string; className?: string }) {
  // re-rendered when the language changes
  useTranslation("history");
  return (
    <Badge variant={variants[type] ?? "secondary"} className={className}>
      {typeLabel(type)}
    </Badge>
  );
}
