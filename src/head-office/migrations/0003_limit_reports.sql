-- Head office schema 3: the service's daily-limit refusals, shared between the counters of one account; and
-- the chain-wide views made security barriers.
--
-- The service tells the limit's figures only when it refuses a sale, and only to the counter it refused. A
-- desk records them in the refused attempt's event (detail.limit: dailyMaxDirhams, usedTodayDirhams,
-- remainingDirhams, requestedDirhams), which reaches the head office with the rest of its journal; the other
-- counters of the same service account read the day's latest here and estimate from it. Figures only: which
-- terminal was refused and when, never the customer or the entry. `counted_from` is when the refused entry
-- was journaled, before its request left: the service counted its figures after that, so the other counters
-- count their own use from then (less a margin for the clocks), not from the answer, which may come late.
CREATE INDEX entry_events_limit_reports ON headoffice.entry_events (at) WHERE detail ? 'limit';

-- One figure of a refusal, or null when a desk sent something else (a figure is whole dirhams, 0 or more):
-- a bad row is left out, never an error for every counter that reads the view.
CREATE FUNCTION headoffice.limit_figure(v jsonb) RETURNS bigint
  LANGUAGE sql IMMUTABLE
  SET search_path = pg_catalog
  AS $$
    SELECT CASE
      WHEN jsonb_typeof(v) IS DISTINCT FROM 'number' THEN NULL
      WHEN (v #>> '{}')::numeric < 0 OR (v #>> '{}')::numeric > 1000000000000000 THEN NULL
      WHEN (v #>> '{}')::numeric <> trunc((v #>> '{}')::numeric) THEN NULL
      ELSE (v #>> '{}')::numeric::bigint
    END
  $$;

CREATE VIEW headoffice.chain_limit_reports WITH (security_barrier) AS
SELECT r.* FROM (
  SELECT ev.terminal, e.service_account, e.day, ev.at, e.created_at AS counted_from,
    headoffice.limit_figure(ev.detail -> 'limit' -> 'dailyMaxDirhams') AS daily_max_dirhams,
    headoffice.limit_figure(ev.detail -> 'limit' -> 'usedTodayDirhams') AS used_today_dirhams,
    headoffice.limit_figure(ev.detail -> 'limit' -> 'remainingDirhams') AS remaining_dirhams,
    headoffice.limit_figure(ev.detail -> 'limit' -> 'requestedDirhams') AS requested_dirhams
  FROM headoffice.entry_events ev
  JOIN headoffice.entries e ON e.terminal = ev.terminal AND e.id = ev.entry_id
  WHERE ev.detail ? 'limit' AND e.mode = 'live' AND (SELECT headoffice.may_read_chain())
) r
WHERE r.daily_max_dirhams IS NOT NULL AND r.used_today_dirhams IS NOT NULL
  AND r.remaining_dirhams IS NOT NULL AND r.requested_dirhams IS NOT NULL
  -- What a refusal is: more was asked than was left, and no more is left than the limit.
  AND r.requested_dirhams > r.remaining_dirhams AND r.remaining_dirhams <= r.daily_max_dirhams;

REVOKE ALL ON FUNCTION headoffice.limit_figure(jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION headoffice.limit_figure(jsonb) TO desk_terminal, headoffice_reader;
GRANT SELECT ON headoffice.chain_limit_reports TO desk_terminal, headoffice_reader;

-- The chain-wide views run with their owner's rights over every terminal's rows. Without a barrier the
-- planner may evaluate a caller's own WHERE condition (a function of its own, or a cast whose error message
-- shows the value) on rows the view's filters would have left out: another terminal's phones, for one. As
-- barriers, a caller's conditions see only the rows the view returns.
ALTER VIEW headoffice.chain_day_use SET (security_barrier = true);
ALTER VIEW headoffice.chain_report_groups SET (security_barrier = true);
ALTER VIEW headoffice.chain_terminals SET (security_barrier = true);

-- Open deposits: as before, and never one dated ahead of the head office's clock (a terminal's record dated
-- in 2999 would otherwise stop deposits to that phone at every counter, for good).
CREATE OR REPLACE VIEW headoffice.chain_open_deposits WITH (security_barrier) AS
SELECT c.terminal, c.id AS entry_id, c.phone, c.amount_dirhams, c.created_at, c.status, c.service_account
FROM headoffice.entry_current c
WHERE c.kind = 'deposit' AND c.mode = 'live' AND c.status IN ('pending', 'unknown')
  AND c.created_at > now() - interval '30 days' AND c.created_at <= now() + interval '10 minutes'
  AND (SELECT headoffice.may_read_chain());
