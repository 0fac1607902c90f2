import { useEffect } from "react";
import { toast } from "sonner";
import { takeFlash } from "@/lib/flash";
import { AppProviders } from "./providers";
import { AppRouter } from "./router";

function FlashMessage() {
  useEffect(() => {
    const message = takeFlash();
    // after the Toaster has mounted
    if (message) window.setTimeout(() => toast.success(message), 0);
  }, []);
  return null;
}

export function App() {
  return (
    <AppProviders>
      <FlashMessage />
      <AppRouter />
    </AppProviders>
  );
}
