import { PackageSearch } from "lucide-react";
import { Link } from "wouter";
import { paths } from "@/config/paths";
import { cn } from "@/lib/utils";

export function Brand({
  className,
  hideNameOnMobile = false,
}: {
  className?: string;
  hideNameOnMobile?: boolean;
}) {
  return (
    <Link
      href={paths.home}
      // the name is visually hidden on narrow phones, where axe no longer counts it as the link's text
      aria-label="Stock Monitor"
      className={cn(
        "flex items-center gap-2.5 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
        className,
      )}
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-indigo-500 to-violet-600 text-white shadow-sm">
        <PackageSearch className="size-4.5" />
      </span>
      <span
        className={cn(
          "text-base font-semibold tracking-tight",
          hideNameOnMobile && "sr-only min-[420px]:not-sr-only",
        )}
      >
        Stock Monitor
      </span>
    </Link>
  );
}
