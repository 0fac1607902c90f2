import type { FieldValues, UseFormReturn } from "react-hook-form";
import { toast } from "sonner";
import { ApiError, errorMessage } from "./http";
import { i18n } from "./i18n";
import { showFieldErrors } from "./zod-errors";

type Key = Parameters<typeof i18n.t>[0];

/**
 * The one way a failed request tells the person: a toast with the server's own words (translated)
 * or, for an unexpected failure, the `fallback` text. Given a `title`, the words become its
 * description, or, `inline`, fill the title's `{{error}}` (one line). Keys are read when the failure
 * happens, in the language of that moment.
 */
export function toastFailure(fallback: Key, title?: Key, { inline = false } = {}) {
  return (error: unknown) => {
    const words = errorMessage(error, i18n.t(fallback as never));
    if (!title) toast.error(words);
    else if (inline) toast.error(i18n.t(title as never, { error: words }));
    else toast.error(i18n.t(title as never), { description: words });
  };
}

/**
 * A form's failed submit: each field the server named shows the server's message under it, and the
 * toast (`title`, the words as its description or inline) says the rest. `rename` maps a request's
 * field to the form's (a sale's saleDate is the form's saleDay).
 */
export function formFailure<TIn extends FieldValues, TOut extends FieldValues>(
  form: UseFormReturn<TIn, unknown, TOut>,
  title: Key,
  { rename = {}, inline = false }: { rename?: Record<string, string>; inline?: boolean } = {},
) {
  const toastIt = toastFailure("common:unknownError", title, { inline });
  return (error: unknown) => {
    if (error instanceof ApiError) showFieldErrors(form, error.errors, rename);
    toastIt(error);
  };
}
