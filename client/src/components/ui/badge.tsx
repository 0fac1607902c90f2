import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type * as React from "react";
import { cn } from "@/lib/utils";

export const badgeVariants = cva(
  "inline-flex w-fit shrink-0 items-center justify-center gap-1 overflow-hidden whitespace-nowrap rounded-md border px-2 py-0.5 text-xs font-medium transition-[color,box-shadow] [&>svg]:pointer-events-none [&>svg]:size-3",
  {
    variants: {
      variant: {
        default: "border-transparent bg-primary text-primary-foreground",
        secondary: "border-transparent bg-secondary text-secondary-foreground",
        // the destructive red on its own tint reached only 4.4:1 (light) and 3.9:1 (dark) at badge
        // size: a darker red on the light theme, a lighter one on the dark
        destructive:
          "border-transparent bg-destructive/12 text-[oklch(0.5_0.19_27)] dark:bg-destructive/20 dark:text-[oklch(0.78_0.13_22)]",
        success: "border-transparent bg-success/12 text-success dark:bg-success/20",
        warning:
          "border-transparent bg-warning/15 text-[oklch(0.45_0.12_65)] dark:text-warning dark:bg-warning/20",
        // dark: the primary text on its own tint reached only 4.1:1
        info: "border-transparent bg-primary/10 text-primary dark:bg-primary/20 dark:text-[oklch(0.84_0.09_274)]",
        outline: "text-foreground",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export interface BadgeProps extends React.ComponentProps<"span">, VariantProps<typeof badgeVariants> {
  asChild?: boolean;
}

export function Badge({ className, variant, asChild = false, ...props }: BadgeProps) {
  const Comp = asChild ? Slot.Root : "span";
  return <Comp data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
