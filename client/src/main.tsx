import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./lib/i18n";
import { App } from "./app/app";
import "./index.css";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// installable app and push notifications (see lib/push.ts)
if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch(() => {});
  });
}
