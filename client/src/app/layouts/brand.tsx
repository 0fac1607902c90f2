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
          hideNameOnMobile && "hidden min-[420px]:inline",
        )}
      >
        Stock Monitor
      </span>
    </Link>
  );
}
