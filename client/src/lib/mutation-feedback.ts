import { toast } from "sonner";
import { errorMessage } from "./http";
import { i18n } from "./i18n";

type Key = Parameters<typeof i18n.t>[0];

/**
 * The one way a failed mutation tells the person: a toast with the server's own words (translated)
 * or, for an unexpected failure, the `fallback` text. Given a `title`, the words become its
 * description. Keys are read when the failure happens, in the language of that moment.
 */
export function toastFailure(fallback: Key, title?: Key) {
  return (error: unknown) => {
    const words = errorMessage(error, i18n.t(fallback as never));
    if (title) toast.error(i18n.t(title as never), { description: words });
    else toast.error(words);
  };
}
