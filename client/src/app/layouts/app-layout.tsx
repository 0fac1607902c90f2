import { WifiOff } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useOnline } from "@/lib/offline-copy";
import { Header } from "./header";
import { Sidebar } from "./sidebar";

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-background">
      <Header />
      <OfflineNotice />
      <div className="flex">
        <Sidebar />
        <main id="conteudo" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8 print:p-0">
          {children}
        </main>
      </div>
    </div>
  );
}

/** without network the screens show what this browser last read: said above them */
function OfflineNotice() {
  const { t } = useTranslation("common");
  if (useOnline()) return null;
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 border-b border-warning/40 bg-warning/10 px-4 py-2 text-center text-sm font-medium"
    >
      <WifiOff className="size-4 shrink-0" />
      {t("offline")}
    </div>
  );
}
