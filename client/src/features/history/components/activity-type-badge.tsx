import { Badge, type BadgeProps } from "@/components/ui/badge";
import { typeLabel } from "../lib/history";

const variants: Record<string, BadgeProps["variant"]> = {
  success: "success",
  error: "destructive",
  warning: "warning",
  info: "info",
};

export function ActivityTypeBadge({ type }: { type: string }) {
  return <Badge variant={variants[type] ?? "secondary"}>{typeLabel(type)}</Badge>;
}
