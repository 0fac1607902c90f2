import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { browserLanguage, i18n } from "./lib/i18n";
import { captureInstallPrompt } from "./lib/install-app";
import "./index.css";

function render() {
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// a reader whose browser speaks en or es gets that catalogue before the first paint, not after it
const first = browserLanguage();
if (first === "pt") render();
else i18n.changeLanguage(first).finally(render);

captureInstallPrompt();

// installable app and push notifications (see lib/push.ts)
if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch(() => {});
  });
}
