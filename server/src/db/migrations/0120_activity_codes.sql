-- Activity lines are stored as a code and its parameters (common/activity.ts); the screens write the
-- sentence in the reader's language. The lines stored before are read back here from the pt-PT
-- sentences their writers made (the shapes of services/products.ts, engine/detect.ts,
-- engine/search-detect.ts, engine/apply-reading.ts, engine/notify/outbox-store.ts and order.ts);
-- a line of no known shape stays `legacy` and is shown as it was stored.
ALTER TABLE "activity_logs" ADD COLUMN "code" text DEFAULT 'legacy' NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_logs" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE FUNCTION activity_status_0120(label text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE label
    WHEN 'Em Stock' THEN 'in_stock' WHEN 'Fora de Stock' THEN 'out_of_stock'
    WHEN 'Stock Baixo' THEN 'low_stock' WHEN 'Desconhecido' THEN 'unknown'
    WHEN 'Ativo' THEN 'vinted_active' WHEN 'Férias' THEN 'vinted_vacation'
    WHEN 'A pesquisar' THEN 'search_active' END
$$;--> statement-breakpoint
CREATE FUNCTION activity_reason_0120(label text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE label
    WHEN 'bloqueado' THEN 'blocked' WHEN 'tempo esgotado' THEN 'timeout'
    WHEN 'formato inesperado' THEN 'unexpected' WHEN 'não encontrado' THEN 'not_found'
    WHEN 'erro de rede' THEN 'network' END
$$;--> statement-breakpoint
-- "45,00 €" (as alertSummary wrote it in pt-PT) → '45.00'; null when not an amount in euros
CREATE FUNCTION activity_euros_0120(amount text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN amount ~ '^[0-9][0-9 .\u00a0\u202f]*,[0-9]{2}[ \u00a0]€$'
    THEN replace(regexp_replace(amount, '[^0-9,]', '', 'g'), ',', '.') END
$$;--> statement-breakpoint
-- an alert's summary (alertSummary in pt-PT) → its kind and figures; null when not recognised
CREATE FUNCTION activity_alert_0120(summary text, product text) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  rest text;
  m text[];
BEGIN
  m := regexp_match(summary, '^Relatório semanal de ([0-9/]+) a ([0-9/]+)$');
  IF m IS NOT NULL THEN
    RETURN jsonb_build_object('alert', 'weekly_report', 'from', m[1], 'to', m[2]);
  END IF;
  IF product IS NULL THEN RETURN NULL; END IF;
  IF starts_with(summary, 'Deixou de conseguir verificar ' || product || ' desde ') THEN
    rest := substr(summary, length('Deixou de conseguir verificar ' || product || ' desde ') + 1);
    m := regexp_match(rest, '^([0-9]{2}:[0-9]{2}): (bloqueado|tempo esgotado|formato inesperado|não encontrado|erro de rede)(?: \((.+)\))?$');
    IF m IS NULL THEN RETURN NULL; END IF;
    RETURN jsonb_strip_nulls(jsonb_build_object('alert', 'check_failing', 'since', m[1],
      'reason', activity_reason_0120(m[2]), 'wall', m[3]));
  END IF;
  IF NOT starts_with(summary, product || ': ') THEN RETURN NULL; END IF;
  rest := substr(summary, length(product) + 3);
  m := regexp_match(rest, '^(em stock|novos tamanhos disponíveis)(?: \((.+)\))?$');
  IF m IS NOT NULL THEN
    RETURN jsonb_strip_nulls(jsonb_build_object(
      'alert', CASE m[1] WHEN 'em stock' THEN 'restock' ELSE 'new_sizes' END,
      'sizes', CASE WHEN m[2] IS NOT NULL THEN to_jsonb(string_to_array(m[2], ', ')) END));
  END IF;
  m := regexp_match(rest, '^([0-9]+) artigo\(s\) novo\(s\)(?: \(parte ([0-9]+) de ([0-9]+)\))?$');
  IF m IS NOT NULL THEN
    RETURN jsonb_strip_nulls(jsonb_build_object('alert', 'vinted_new_items', 'items', m[1]::int,
      'part', m[2]::int, 'parts', m[3]::int));
  END IF;
  m := regexp_match(rest, '^voltou a conseguir verificar \(sem leitura desde ([0-9]{2}:[0-9]{2})\)$');
  IF m IS NOT NULL THEN
    RETURN jsonb_build_object('alert', 'check_recovered', 'since', m[1]);
  END IF;
  m := regexp_match(rest, '^(.+) → (.+)$');
  IF m IS NOT NULL AND activity_euros_0120(m[1]) IS NOT NULL AND activity_euros_0120(m[2]) IS NOT NULL THEN
    RETURN jsonb_build_object('alert', 'price_drop', 'previousPrice', activity_euros_0120(m[1]),
      'price', activity_euros_0120(m[2]), 'currency', 'EUR');
  END IF;
  RETURN CASE rest
    WHEN 'esgotado' THEN jsonb_build_object('alert', 'sold_out')
    WHEN 'membro entrou em modo férias' THEN jsonb_build_object('alert', 'vinted_holiday_on')
    WHEN 'membro voltou de férias' THEN jsonb_build_object('alert', 'vinted_holiday_off')
    WHEN 'produto pausado, a página já não existe' THEN jsonb_build_object('alert', 'paused_not_found')
  END;
END
$$;--> statement-breakpoint
-- why an alert failed, as outbox.ts wrote it → its code and detail; never null
CREATE FUNCTION activity_alert_failure_0120(reason text) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  m text[];
  attempts int;
BEGIN
  m := regexp_match(reason, '^(.+) após ([0-9]+) tentativas$');
  IF m IS NOT NULL THEN
    reason := m[1];
    attempts := m[2]::int;
  END IF;
  IF reason = 'sem webhook' THEN
    RETURN jsonb_build_object('failure', 'no_destination');
  END IF;
  m := regexp_match(reason, '^HTTP ([0-9]{3})$');
  IF m IS NOT NULL THEN
    RETURN jsonb_strip_nulls(jsonb_build_object('failure', 'http', 'httpStatus', m[1]::int, 'attempts', attempts));
  END IF;
  m := regexp_match(reason, '^Pedido recusado: (.+)$');
  IF m IS NOT NULL THEN
    RETURN jsonb_strip_nulls(jsonb_build_object('failure', 'refused_address', 'detail', m[1], 'attempts', attempts));
  END IF;
  IF starts_with(reason, 'Tempo esgotado') THEN
    RETURN jsonb_strip_nulls(jsonb_build_object('failure', 'timeout', 'attempts', attempts,
      'detail', CASE WHEN reason <> 'Tempo esgotado à espera do site' THEN reason END));
  END IF;
  RETURN jsonb_strip_nulls(jsonb_build_object('failure', 'network', 'attempts', attempts,
    'detail', coalesce(substring(reason FROM '^Erro de rede: (.+)$'), reason)));
END
$$;--> statement-breakpoint
-- a stored line → {code, params}; null when its shape is not known
CREATE FUNCTION activity_code_0120(action text, message text, product text) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  m text[];
  detail text;
  alert jsonb;
  http_only constant text := '^(?:Bloqueado pel[oa] .+|Produto não encontrado|Resposta inesperada do site) \(HTTP ([0-9]{3})\)$';
BEGIN
  IF action = 'product_added' THEN
    m := regexp_match(message, '^Produto "(.*)" adicionado à monitorização$');
    IF m IS NOT NULL THEN
      RETURN jsonb_build_object('code', 'product_added', 'params', jsonb_build_object('product', m[1]));
    END IF;
  ELSIF action = 'product_deleted' THEN
    m := regexp_match(message, '^Produto "(.*)" removido da monitorização$');
    IF m IS NOT NULL THEN
      RETURN jsonb_build_object('code', 'product_removed', 'params', jsonb_build_object('product', m[1]));
    END IF;
  ELSIF action = 'stock_check' THEN
    m := regexp_match(message, '^Pesquisa · ([0-9]+) artigo\(s\)(?: · ([0-9]+) novo\(s\))?(?: · ([0-9]+) correspondem às regras)?$');
    IF m IS NOT NULL THEN
      RETURN jsonb_build_object('code', 'check_search', 'params', jsonb_strip_nulls(jsonb_build_object(
        'items', m[1]::int, 'newItems', m[2]::int, 'matches', m[3]::int)));
    END IF;
    m := regexp_match(message, '^(Ativo|Férias) · ([0-9]+) artigo\(s\)(?: · ([0-9]+) novo\(s\))?$');
    IF m IS NOT NULL THEN
      RETURN jsonb_build_object('code', 'check_profile', 'params', jsonb_strip_nulls(jsonb_build_object(
        'status', activity_status_0120(m[1]), 'items', m[2]::int, 'newItems', m[3]::int)));
    END IF;
    m := regexp_match(regexp_replace(message, ' · via browser$', ''),
      '^(Em Stock|Fora de Stock|Stock Baixo|Desconhecido)(?: · tamanhos: (.+))?$');
    IF m IS NOT NULL THEN
      RETURN jsonb_build_object('code', 'check_status', 'params', jsonb_strip_nulls(jsonb_build_object(
        'status', activity_status_0120(m[1]),
        'sizes', CASE WHEN m[2] IS NOT NULL THEN to_jsonb(string_to_array(m[2], ', ')) END,
        'viaBrowser', CASE WHEN message LIKE '% · via browser' THEN true END)));
    END IF;
  ELSIF action = 'stock_check_failed' THEN
    IF message = 'Produto pausado: a página já não existe' THEN
      RETURN jsonb_build_object('code', 'check_paused_gone', 'params', '{}'::jsonb);
    END IF;
    m := regexp_match(message, '^Falha na verificação: (bloqueado|tempo esgotado|formato inesperado|não encontrado|erro de rede) \((.*)\)$');
    IF m IS NOT NULL THEN
      detail := m[2];
      IF detail ~ http_only THEN
        RETURN jsonb_build_object('code', 'check_failed', 'params', jsonb_build_object(
          'reason', activity_reason_0120(m[1]), 'httpStatus', (regexp_match(detail, http_only))[1]::int));
      END IF;
      IF detail ~ '^Página de verificação anti-bot \((.+)\)$' THEN
        RETURN jsonb_build_object('code', 'check_failed', 'params', jsonb_build_object(
          'reason', activity_reason_0120(m[1]),
          'wall', (regexp_match(detail, '^Página de verificação anti-bot \((.+)\)$'))[1]));
      END IF;
      IF detail IN ('', 'Produto não encontrado', 'Tempo esgotado à espera do site') THEN
        RETURN jsonb_build_object('code', 'check_failed', 'params', jsonb_build_object(
          'reason', activity_reason_0120(m[1])));
      END IF;
      RETURN jsonb_build_object('code', 'check_failed', 'params', jsonb_build_object(
        'reason', activity_reason_0120(m[1]),
        'detail', left(coalesce(substring(detail FROM '^Erro de rede: (.+)$'), detail), 300)));
    END IF;
  ELSIF action = 'notification_sent' THEN
    m := regexp_match(message, '^Alerta enviado: (.*)$');
    IF m IS NOT NULL THEN
      alert := activity_alert_0120(m[1], product);
      IF alert IS NOT NULL THEN
        RETURN jsonb_build_object('code', 'alert_sent', 'params', alert);
      END IF;
    END IF;
  ELSIF action = 'notification_failed' THEN
    m := regexp_match(message, '^Falha ao enviar alerta \((.*?)\): (.*)$');
    IF m IS NOT NULL THEN
      alert := activity_alert_0120(m[2], product);
      IF alert IS NOT NULL THEN
        RETURN jsonb_build_object('code', 'alert_failed', 'params', alert || activity_alert_failure_0120(m[1]));
      END IF;
    END IF;
  ELSIF action = 'notification_superseded' THEN
    m := regexp_match(message, '^Alerta não enviado, substituído por um alerta mais recente: (.*)$');
    IF m IS NOT NULL THEN
      alert := activity_alert_0120(m[1], product);
      IF alert IS NOT NULL THEN
        RETURN jsonb_build_object('code', 'alert_superseded', 'params', alert);
      END IF;
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
UPDATE "activity_logs" AS a SET "code" = c.v->>'code', "params" = c.v->'params'
FROM (
  SELECT "id", activity_code_0120("action", "message", "product_name") AS v FROM "activity_logs"
) AS c
WHERE a."id" = c."id" AND c.v IS NOT NULL;--> statement-breakpoint
DROP FUNCTION activity_code_0120(text, text, text);--> statement-breakpoint
DROP FUNCTION activity_alert_failure_0120(text);--> statement-breakpoint
DROP FUNCTION activity_alert_0120(text, text);--> statement-breakpoint
DROP FUNCTION activity_euros_0120(text);--> statement-breakpoint
DROP FUNCTION activity_reason_0120(text);--> statement-breakpoint
DROP FUNCTION activity_status_0120(text);
