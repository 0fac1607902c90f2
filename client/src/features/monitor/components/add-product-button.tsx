import { Plus } from "lucide-react";
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
  const suffix = mobile ? " (Limite Atingido)" : " (Limite atingido)";
  return (
    <Button onClick={onClick} disabled={!canCreateMore} className={mobile ? "w-full" : undefined}>
      <Plus />
      {`Adicionar Produto${canCreateMore ? "" : suffix}`}
    </Button>
  );
}
