import { Loader2 } from "lucide-react";
import { cn } from "@/lib/utils";

export function Spinner({ className }: { className?: string }) {
  return <Loader2 aria-hidden className={cn("size-6 animate-spin text-primary", className)} />;
}

/** shown while the current user loads */
export function FullScreenSpinner({ label = "A carregar..." }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-background">
      <Spinner className="size-8" />
      <p className="text-sm text-muted-foreground">{label}</p>
    </div>
  );
}

/** a route chunk is loading inside the frame */
export function PageSpinner() {
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center">
      <Spinner />
      <span className="sr-only">A carregar...</span>
    </div>
  );
}
