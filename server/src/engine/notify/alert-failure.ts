import type { ActivityParams, AlertFailureCode } from "@common/activity.js";
import { failureParams } from "../failure-params.js";

/** why an alert was not delivered */
export interface AlertFailure {
  failure: AlertFailureCode;
  httpStatus?: number;
  /** the transport's or the address guard's own words, as they came */
  detail?: string;
  /** set when it gave up after this many attempts */
  attempts?: number;
}

/** the pt-PT words of the log, of notifications.last_error and of the line's kept message */
export function alertFailureText(f: AlertFailure): string {
  const base =
    f.failure === "no_destination"
      ? "sem webhook"
      : f.failure === "http"
        ? `HTTP ${f.httpStatus ?? "?"}`
        : (f.detail ?? f.failure);
  return f.attempts === undefined ? base : `${base} após ${f.attempts} tentativas`;
}

/** the failure as an activity line's parameters: its code, and only the detail our words do not say */
export function alertFailureParams(f: AlertFailure): ActivityParams {
  const params: ActivityParams = { failure: f.failure };
  if (f.httpStatus !== undefined) params.httpStatus = f.httpStatus;
  if (f.attempts !== undefined) params.attempts = f.attempts;
  if (f.detail !== undefined) {
    const detail =
      f.failure === "refused_address"
        ? f.detail.replace(/^Pedido recusado: /, "")
        : failureParams(f.failure === "timeout" ? "timeout" : "network", f.detail).detail;
    if (detail) params.detail = detail;
  }
  return params;
}
