import client from "prom-client";

/** prom-client metrics on the default registry (served at /metrics by the web side). */
function once<T>(name: string, make: () => T): T {
  return (client.register.getSingleMetric(name) as T | undefined) ?? make();
}

export const checksTotal = once(
  "stock_monitor_checks_total",
  () =>
    new client.Counter({
      name: "stock_monitor_checks_total",
      help: "Stock checks by result (ok or the failure reason)",
      labelNames: ["result"] as const,
    }),
);

export const checkDuration = once(
  "stock_monitor_check_duration_seconds",
  () =>
    new client.Histogram({
      name: "stock_monitor_check_duration_seconds",
      help: "Time of one stock check, request and parse",
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
);

export const scheduleLag = once(
  "stock_monitor_schedule_lag_seconds",
  () =>
    new client.Histogram({
      name: "stock_monitor_schedule_lag_seconds",
      help: "Delay between the time a check was due and its start",
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    }),
);

export const alertsTotal = once(
  "stock_monitor_alerts_total",
  () =>
    new client.Counter({
      name: "stock_monitor_alerts_total",
      help: "Webhook deliveries by outcome (sent, failed, retried)",
      labelNames: ["outcome"] as const,
    }),
);

export const browserChecksTotal = once(
  "stock_monitor_browser_checks_total",
  () =>
    new client.Counter({
      name: "stock_monitor_browser_checks_total",
      help: "Checks retried in headless Chromium after a block, by result (ok or the failure reason)",
      labelNames: ["result"] as const,
    }),
);

export const browserCheckDuration = once(
  "stock_monitor_browser_check_duration_seconds",
  () =>
    new client.Histogram({
      name: "stock_monitor_browser_check_duration_seconds",
      help: "Time of one browser check, waiting for a page included",
      buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 45],
    }),
);
