import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { browserLanguage, i18n } from "./lib/i18n";
import { captureInstallPrompt } from "./lib/install-app";
import { startOfflineCopy } from "./lib/offline-copy";
import { queryClient } from "./lib/query-client";
import "./index.css";

function render() {
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// without network, the screens show the last readings this browser kept (lib/offline-copy.ts)
startOfflineCopy(queryClient);

// a reader whose browser speaks en or es gets that catalogue before the first paint, not after it
const first = browserLanguage();
if (first === "pt") render();
else i18n.changeLanguage(first).finally(render);

captureInstallPrompt();

// installable app and push notifications (see lib/push.ts)
if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch(() => {});
    // the app's files already loaded on this first visit are kept for use without network
    navigator.serviceWorker.ready
      .then((registration) =>
        registration.active?.postMessage({
          type: "keep-shell",
          urls: performance.getEntriesByType("resource").map((e) => e.name),
        }),
      )
      .catch(() => {});
  });
}
