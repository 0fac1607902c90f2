import type { ReactNode } from "react";
import { Label } from "@/components/ui/label";
import { translateMessage } from "@/lib/i18n";
import { cn } from "@/lib/utils";

interface FormFieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  /** text or buttons beside the label */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}

/**
 * A label, its control, then the field's error (or a hint when there is none). The error comes
 * from the shared schemas or the server in pt-PT: it is shown in the user's language here, for
 * every form.
 */
export function FormField({ id, label, error, hint, aside, className, children }: FormFieldProps) {
  return (
    <div className={cn("grid gap-1.5", className)}>
      {aside ? (
        <div className="flex min-h-5 items-center justify-between gap-2">
          <Label htmlFor={id}>{label}</Label>
          {aside}
        </div>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-destructive">
          {translateMessage(error)}
        </p>
      ) : (
        hint && <p className="text-xs text-muted-foreground">{hint}</p>
      )}
    </div>
  );
}
