import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import type { ZodError } from "zod";
import type { FieldError } from "./http";

/** the first message per field, from the shared schema's issues or the server's `errors` list */
export function fieldErrors(source: ZodError | FieldError[]): Record<string, string> {
  const entries = Array.isArray(source)
    ? source.map((e) => [e.path, e.message] as const)
    : source.issues.map((issue) => [issue.path.join("."), issue.message] as const);
  const result: Record<string, string> = {};
  for (const [path, message] of entries) result[path] ??= message;
  return result;
}

/** the errors left once the user edits `fields` (a corrected field stops showing its old error) */
export function withoutErrors(errors: Record<string, string>, fields: string[]): Record<string, string> {
  if (!fields.some((f) => f in errors)) return errors;
  const rest = { ...errors };
  for (const f of fields) delete rest[f];
  return rest;
}

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
