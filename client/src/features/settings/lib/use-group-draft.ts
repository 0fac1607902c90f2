import { zodResolver } from "@hookform/resolvers/zod";
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
  useForm,
} from "react-hook-form";
import type { z } from "zod";

export type FieldErrors = Partial<Record<string, string>>;

/**
 * Unsaved edits of one settings group over the server's values, on react-hook-form with the
 * schema the server uses (zodResolver), like the app's other forms. New values from the server
 * replace the fields the user has not touched; `validate` resolves to the parsed group, or null
 * after showing the errors; `reset` drops the edits.
 */
export function useGroupDraft<T extends FieldValues>(saved: T, schema: z.ZodType<T>) {
  const form = useForm<T>({
    values: saved,
    resetOptions: { keepDirtyValues: true },
    // the group's fields are all in its schema; its input (numbers coerced) is the value it shows
    resolver: zodResolver(schema as z.ZodType<T, T>) as Resolver<T>,
  });
  const value = form.watch() as T;
  const found = form.formState.errors;

  function set<K extends Path<T>>(key: K, next: PathValue<T, K>) {
    form.setValue(key, next, { shouldDirty: true });
    form.clearErrors(key);
  }

  async function validate(): Promise<T | null> {
    let parsed: T | null = null;
    await form.handleSubmit((data) => {
      parsed = data;
    })();
    return parsed;
  }

  /** drops the edits: back to `next` (what a save returned) or to the values last read */
  const reset = (next: T = saved) => form.reset(next as DefaultValues<T>, { keepDirtyValues: false });

  const errors: FieldErrors = {};
  for (const key of Object.keys(found)) {
    const message = found[key]?.message;
    if (typeof message === "string") errors[key] = message;
  }
  return { value, set, validate, reset, errors, isDirty: form.formState.isDirty };
}
