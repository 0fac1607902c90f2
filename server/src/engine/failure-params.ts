import type { ActivityParams, FailureReason } from "@common/activity.js";

/** a site's status said it all ("Bloqueado pelo site (HTTP 403)", "Bloqueado pela Pop Mart (HTTP 403)") */
const HTTP_ONLY =
  /^(?:Bloqueado pel[oa] .+|Produto não encontrado|Resposta inesperada do site) \(HTTP (\d{3})\)$/s;
const WALL = /^Página de verificação anti-bot \((.+)\)$/s;
/** a detail that only says the reason again */
const SAYS_THE_REASON = /^(?:Produto não encontrado|Tempo esgotado à espera do site)$/;
const NETWORK_CODE = /^Erro de rede: (.+)$/s;
const MAX_DETAIL = 300;

/**
 * A check failure as an activity line's parameters: its reason code and, where the adapter said
 * more, the HTTP status, the anti-bot wall or the adapter's own words (kept as they came: they
 * are a site's or a parser's detail, not a sentence of ours). The same shapes are read back from
 * old lines by migration 0120.
 */
export function failureParams(reason: FailureReason, message: string): ActivityParams {
  const http = HTTP_ONLY.exec(message);
  if (http) return { reason, httpStatus: Number(http[1]) };
  const wall = WALL.exec(message);
  if (wall) return { reason, wall: wall[1] };
  if (SAYS_THE_REASON.test(message) || message === "") return { reason };
  const network = NETWORK_CODE.exec(message);
  return { reason, detail: (network ? network[1] : message).slice(0, MAX_DETAIL) };
}
