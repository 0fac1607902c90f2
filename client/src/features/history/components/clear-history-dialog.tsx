import { Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { useClearActivity } from "../api/clear-activity";

export function ClearHistoryButton({ disabled, iconOnly }: { disabled?: boolean; iconOnly?: boolean }) {
  const clear = useClearActivity();
  const { t } = useTranslation(["history", "common"]);
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="outline"
          size={iconOnly ? "icon" : "default"}
          aria-label={t("clear.title")}
          className="text-destructive hover:text-destructive"
          disabled={disabled || clear.isPending}
        >
          <Trash2 />
          {!iconOnly && t("clear.button")}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("clear.title")}</AlertDialogTitle>
          <AlertDialogDescription>{t("clear.description")}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("common:actions.cancel")}</AlertDialogCancel>
          <AlertDialogAction destructive onClick={() => clear.mutate()}>
            {t("clear.button")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
