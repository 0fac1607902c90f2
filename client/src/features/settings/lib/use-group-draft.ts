import { useState } from "react";
import type { z } from "zod";

export type FieldErrors = Partial<Record<string, string>>;

/**
 * Unsaved edits of one settings group over the server's values. `validate` checks the whole group
 * with the schema the server uses and returns the parsed value, or null after recording the errors.
 */
export function useGroupDraft<T extends object>(saved: T, schema: z.ZodType<T>) {
  const [draft, setDraft] = useState<T | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const value = draft ?? saved;

  function set<K extends keyof T>(key: K, next: T[K]) {
    setDraft({ ...value, [key]: next });
    setErrors((current) => ({ ...current, [key]: undefined }));
  }

  function validate(): T | null {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const found: FieldErrors = {};
    for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    setErrors(found);
    return null;
  }

  const reset = () => {
    setDraft(null);
    setErrors({});
  };

  return { value, set, validate, reset, errors, isDirty: draft !== null };
}
