import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";

/** disabled at the monitor limit, with the suffix the product guide gives (desktop and mobile differ) */
export function AddProductButton({
  canCreateMore,
  mobile,
  onClick,
}: {
  canCreateMore: boolean;
  mobile?: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation("monitor");
  const text = canCreateMore ? t("addButton.label") : t(mobile ? "addButton.limitMobile" : "addButton.limit");
  return (
    <Button onClick={onClick} disabled={!canCreateMore} className={mobile ? "w-full" : undefined}>
      <Plus />
      {text}
    </Button>
  );
}
