import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useIsMobile } from "@/hooks/use-is-mobile";

/** a list page's CSV export beside its search: the icon alone on a phone, with its label wider */
export function ExportCsvButton({ label, onClick }: { label: string; onClick: () => void }) {
  const isMobile = useIsMobile();
  return (
    <Button variant="outline" size={isMobile ? "icon" : "default"} aria-label={label} onClick={onClick}>
      <Download />
      {!isMobile && label}
    </Button>
  );
}
