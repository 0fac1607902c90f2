import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import type { FieldError } from "./http";

/** the server's field errors on a react-hook-form form; `rename` maps a request field to the form's */
export function showFieldErrors<TIn extends FieldValues, TOut extends FieldValues>(
  form: UseFormReturn<TIn, unknown, TOut>,
  errors: FieldError[],
  rename: Record<string, string> = {},
) {
  for (const e of errors) {
    form.setError((rename[e.path] ?? e.path) as Path<TIn>, { type: "server", message: e.message });
  }
}
