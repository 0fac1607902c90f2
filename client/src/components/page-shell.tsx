import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** The width and spacing every screen shares. */
export function PageShell({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn("mx-auto flex w-full max-w-7xl flex-col gap-6", className)}>{children}</div>;
}
