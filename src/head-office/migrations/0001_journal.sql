-- Head office schema 1: the terminals' journals, append-only, with row-level security.
--
-- Every desk (terminal) sends its journal here: each entry once (what was asked: kind, amount, phone...), then
-- its events in the order they happened (seq = the desk's own event number) and the entry's state after its
-- latest event. An entry's current state is the one after its latest event, so a row that arrives late is
-- added beside the others and never rewrites what was recorded. Nobody updates or deletes a row: triggers refuse it for everyone,
-- and terminals get neither privilege.

-- One id per head office database: a desk keys what it has sent by it.
CREATE TABLE headoffice.instance (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  single boolean NOT NULL DEFAULT true UNIQUE CHECK (single)
);
INSERT INTO headoffice.instance DEFAULT VALUES;

-- The group every terminal's login role belongs to (roles are per cluster: created once).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'desk_terminal') THEN
    CREATE ROLE desk_terminal NOLOGIN;
  END IF;
END
$$;

-- A terminal: a desk PC with its own login role. Made by `npm run headoffice -- create-terminal`.
CREATE TABLE headoffice.terminals (
  name text PRIMARY KEY CHECK (name ~ '^[^[:cntrl:]]{1,60}$' AND name = btrim(name)),
  role_name name NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The terminal the connected role sends as; null for any other role.
CREATE FUNCTION headoffice.my_terminal() RETURNS text
  LANGUAGE sql STABLE
  SET search_path = pg_catalog
  AS $$ SELECT name FROM headoffice.terminals WHERE role_name = current_user $$;

-- The first desk that sends as a terminal claims it; another desk (another PC, another journal) is refused,
-- so two journals can never mix their event numbers under one name.
CREATE TABLE headoffice.terminal_claims (
  terminal text PRIMARY KEY REFERENCES headoffice.terminals (name),
  desk_id text NOT NULL CHECK (length(desk_id) BETWEEN 8 AND 100),
  claimed_at timestamptz NOT NULL DEFAULT now()
);

-- What was asked, as the desk journaled it before sending anything. Never a voucher code.
CREATE TABLE headoffice.entries (
  terminal text NOT NULL REFERENCES headoffice.terminals (name),
  id text NOT NULL CHECK (length(id) BETWEEN 1 AND 64),
  kind text NOT NULL CHECK (kind IN ('voucher', 'deposit')),
  mode text NOT NULL CHECK (mode IN ('live', 'training')),
  created_at timestamptz NOT NULL,
  created_pc_at timestamptz NOT NULL,
  -- The business day in Africa/Tripoli, YYYYMMDD.
  day integer NOT NULL CHECK (day BETWEEN 20000101 AND 29991231),
  clerk text,
  clerk_id text,
  service_account text,
  amount_dirhams bigint NOT NULL CHECK (amount_dirhams >= 0),
  phone text,
  first_name text,
  denomination_id integer,
  denomination_value_dirhams bigint,
  external_transaction_id text,
  request_id text,
  -- sha256 of what the desk sent: a second copy of a row must be the same row.
  digest text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (terminal, id)
);
CREATE INDEX entries_day ON headoffice.entries (day, terminal);
CREATE INDEX entries_open_deposits ON headoffice.entries (created_at) WHERE kind = 'deposit';

-- The entry's history, in the desk's order (seq is the desk's own event number).
CREATE TABLE headoffice.entry_events (
  terminal text NOT NULL,
  seq bigint NOT NULL CHECK (seq > 0),
  entry_id text NOT NULL,
  at timestamptz NOT NULL,
  type text NOT NULL CHECK (length(type) BETWEEN 1 AND 40),
  clerk text,
  http_status integer,
  detail jsonb,
  digest text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (terminal, seq),
  FOREIGN KEY (terminal, entry_id) REFERENCES headoffice.entries (terminal, id)
);
CREATE INDEX entry_events_entry ON headoffice.entry_events (terminal, entry_id, seq);

-- The entry as it stood after its event `seq` (the desk sends it with the entry's latest event). Added, never
-- changed: the current state is the one after the latest event, so a state that arrives late never replaces
-- a newer one.
CREATE TABLE headoffice.entry_states (
  terminal text NOT NULL,
  entry_id text NOT NULL,
  seq bigint NOT NULL CHECK (seq > 0),
  status text NOT NULL CHECK (status IN ('pending', 'issued', 'confirmed', 'failed', 'unknown')),
  amount_dirhams bigint NOT NULL CHECK (amount_dirhams >= 0),
  service_transaction_id text,
  serial_number text,
  code_last4 text CHECK (code_last4 ~ '^[0-9]{1,4}$'),
  activation_date text,
  expiry_date text,
  error_code text,
  error_message text,
  attempts integer NOT NULL,
  needs_attention boolean NOT NULL,
  confirmed_by_duplicate boolean NOT NULL,
  resolution jsonb,
  updated_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (terminal, entry_id, seq, updated_at),
  FOREIGN KEY (terminal, entry_id) REFERENCES headoffice.entries (terminal, id)
);

-- Z reports as the desk closed them (numbered per terminal).
CREATE TABLE headoffice.z_reports (
  terminal text NOT NULL REFERENCES headoffice.terminals (name),
  number integer NOT NULL CHECK (number > 0),
  day integer NOT NULL,
  closed_at timestamptz NOT NULL,
  closed_by text,
  closed_by_id text,
  after_entry_id text NOT NULL,
  last_entry_id text NOT NULL,
  report jsonb NOT NULL,
  digest text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (terminal, number)
);

-- Append-only for everyone, owner included: history is added to, never changed.
CREATE FUNCTION headoffice.refuse_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'head office records are append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER entries_append_only BEFORE UPDATE OR DELETE ON headoffice.entries
  FOR EACH ROW EXECUTE FUNCTION headoffice.refuse_change();
CREATE TRIGGER entries_no_truncate BEFORE TRUNCATE ON headoffice.entries
  FOR EACH STATEMENT EXECUTE FUNCTION headoffice.refuse_change();
CREATE TRIGGER entry_events_append_only BEFORE UPDATE OR DELETE ON headoffice.entry_events
  FOR EACH ROW EXECUTE FUNCTION headoffice.refuse_change();
CREATE TRIGGER entry_events_no_truncate BEFORE TRUNCATE ON headoffice.entry_events
  FOR EACH STATEMENT EXECUTE FUNCTION headoffice.refuse_change();
CREATE TRIGGER entry_states_append_only BEFORE UPDATE OR DELETE ON headoffice.entry_states
  FOR EACH ROW EXECUTE FUNCTION headoffice.refuse_change();
CREATE TRIGGER entry_states_no_truncate BEFORE TRUNCATE ON headoffice.entry_states
  FOR EACH STATEMENT EXECUTE FUNCTION headoffice.refuse_change();
CREATE TRIGGER z_reports_append_only BEFORE UPDATE OR DELETE ON headoffice.z_reports
  FOR EACH ROW EXECUTE FUNCTION headoffice.refuse_change();
CREATE TRIGGER z_reports_no_truncate BEFORE TRUNCATE ON headoffice.z_reports
  FOR EACH STATEMENT EXECUTE FUNCTION headoffice.refuse_change();
CREATE TRIGGER terminal_claims_append_only BEFORE UPDATE OR DELETE ON headoffice.terminal_claims
  FOR EACH ROW EXECUTE FUNCTION headoffice.refuse_change();

-- Every entry with its current state: the state after its latest event. Until a state arrives the entry
-- counts as pending (what it was when journaled).
CREATE VIEW headoffice.entry_current AS
SELECT
  e.terminal, e.id, e.kind, e.mode, e.created_at, e.created_pc_at, e.day, e.clerk, e.clerk_id,
  e.service_account, e.phone, e.first_name, e.denomination_id, e.denomination_value_dirhams,
  e.external_transaction_id,
  coalesce(s.status, 'pending') AS status,
  coalesce(s.amount_dirhams, e.amount_dirhams) AS amount_dirhams,
  s.service_transaction_id, s.serial_number, s.code_last4, s.activation_date, s.expiry_date,
  s.error_code, s.error_message, coalesce(s.attempts, 0) AS attempts,
  coalesce(s.needs_attention, false) AS needs_attention,
  coalesce(s.confirmed_by_duplicate, false) AS confirmed_by_duplicate,
  s.resolution, coalesce(s.updated_at, e.created_at) AS updated_at, s.seq AS state_seq
FROM headoffice.entries e
LEFT JOIN LATERAL (
  SELECT v.* FROM headoffice.entry_states v
  WHERE v.terminal = e.terminal AND v.entry_id = e.id
  ORDER BY v.seq DESC, v.updated_at DESC LIMIT 1
) s ON true;

-- How far each terminal's journal has arrived: seq_count = last_seq means no gap.
CREATE VIEW headoffice.terminal_progress AS
SELECT t.name AS terminal, c.desk_id, c.claimed_at,
  coalesce(max(v.seq), 0) AS last_seq, count(v.seq) AS seq_count, max(v.received_at) AS last_received_at
FROM headoffice.terminals t
LEFT JOIN headoffice.terminal_claims c ON c.terminal = t.name
LEFT JOIN headoffice.entry_events v ON v.terminal = t.name
GROUP BY t.name, c.desk_id, c.claimed_at;

-- Chain-wide figures: the only rows of other terminals a terminal sees, and only as figures. Views run with
-- their owner's rights on the tables (so they see every terminal), and answer only a terminal of this head
-- office or a member of headoffice_reader (reporting tools, read replicas).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'headoffice_reader') THEN
    CREATE ROLE headoffice_reader NOLOGIN;
  END IF;
END
$$;

CREATE FUNCTION headoffice.may_read_chain() RETURNS boolean
  LANGUAGE sql STABLE
  SET search_path = pg_catalog
  AS $$ SELECT headoffice.my_terminal() IS NOT NULL OR pg_has_role(current_user, 'headoffice_reader', 'MEMBER') $$;

-- Each terminal's use of each service account per business day: the money that moved (issued vouchers,
-- confirmed deposits) and what is still open. Live entries only: training never counts.
CREATE VIEW headoffice.chain_day_use AS
SELECT c.day, c.terminal, c.service_account,
  coalesce(sum(c.amount_dirhams) FILTER (WHERE c.status IN ('issued', 'confirmed')), 0)::bigint AS used_dirhams,
  coalesce(sum(c.amount_dirhams) FILTER (WHERE c.status IN ('pending', 'unknown')), 0)::bigint AS open_dirhams,
  count(*) AS entry_count
FROM headoffice.entry_current c
WHERE c.mode = 'live' AND (SELECT headoffice.may_read_chain())
GROUP BY c.day, c.terminal, c.service_account;

-- The same for one day, with what moved after an instant (the time of the service's last daily-limit report a
-- desk holds): the part of other terminals' use that report did not count yet. Figures only.
CREATE FUNCTION headoffice.chain_use_since(p_day integer, p_since timestamptz)
  RETURNS TABLE (terminal text, service_account text, used_dirhams bigint, open_dirhams bigint,
                 used_since_dirhams bigint, open_since_dirhams bigint)
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = pg_catalog
  AS $$
BEGIN
  -- A definer runs as the owner: the caller is the session's role.
  IF NOT EXISTS (SELECT 1 FROM headoffice.terminals t WHERE t.role_name = session_user)
     AND NOT pg_has_role(session_user, 'headoffice_reader', 'MEMBER') THEN
    RAISE EXCEPTION 'not a terminal of this head office' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN QUERY
  SELECT c.terminal, c.service_account,
    coalesce(sum(c.amount_dirhams) FILTER (WHERE c.status IN ('issued', 'confirmed')), 0)::bigint,
    coalesce(sum(c.amount_dirhams) FILTER (WHERE c.status IN ('pending', 'unknown')), 0)::bigint,
    coalesce(sum(c.amount_dirhams) FILTER (WHERE c.status IN ('issued', 'confirmed')
      AND (p_since IS NULL OR c.created_at > p_since)), 0)::bigint,
    coalesce(sum(c.amount_dirhams) FILTER (WHERE c.status IN ('pending', 'unknown')
      AND (p_since IS NULL OR c.created_at > p_since)), 0)::bigint
  FROM headoffice.entry_current c
  WHERE c.day = p_day AND c.mode = 'live'
  GROUP BY c.terminal, c.service_account;
END
$$;

-- Deposits whose outcome is not known yet, at every terminal, made in the last 30 days: another counter
-- warns before depositing to the same phone.
CREATE VIEW headoffice.chain_open_deposits AS
SELECT c.terminal, c.id AS entry_id, c.phone, c.amount_dirhams, c.created_at, c.status, c.service_account
FROM headoffice.entry_current c
WHERE c.kind = 'deposit' AND c.mode = 'live' AND c.status IN ('pending', 'unknown')
  AND c.created_at > now() - interval '30 days' AND (SELECT headoffice.may_read_chain());

-- A chain report's figures per business day and terminal, grouped as the desk groups its own journal for a
-- report (kind, outcome, clerk, flag, voucher value). Figures only: no phone, name or code.
CREATE VIEW headoffice.chain_report_groups AS
SELECT c.day, c.terminal, c.kind, c.status, c.clerk, c.needs_attention::integer AS flagged,
  CASE WHEN c.kind = 'voucher' AND c.status = 'issued' THEN c.amount_dirhams END AS value,
  count(*) AS n, coalesce(sum(c.amount_dirhams), 0)::bigint AS dirhams
FROM headoffice.entry_current c
WHERE c.mode = 'live' AND (SELECT headoffice.may_read_chain())
GROUP BY 1, 2, 3, 4, 5, 6, 7;

-- How recent each terminal's figures are (reports say which terminals are behind).
CREATE VIEW headoffice.chain_terminals AS
SELECT p.terminal, p.last_received_at, p.last_seq
FROM headoffice.terminal_progress p
WHERE (SELECT headoffice.may_read_chain());

-- Privileges: a terminal inserts its own rows and reads its own rows back (to check a re-sent row is the same
-- row); everything else it sees is the chain-wide figures above. No UPDATE, DELETE or TRUNCATE.
REVOKE ALL ON SCHEMA headoffice FROM PUBLIC;
REVOKE ALL ON ALL TABLES IN SCHEMA headoffice FROM PUBLIC;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA headoffice FROM PUBLIC;
GRANT USAGE ON SCHEMA headoffice TO desk_terminal;
GRANT SELECT ON headoffice.instance, headoffice.terminals TO desk_terminal;
GRANT SELECT, INSERT ON headoffice.terminal_claims, headoffice.entries, headoffice.entry_events,
  headoffice.entry_states, headoffice.z_reports TO desk_terminal;
GRANT SELECT ON headoffice.chain_day_use, headoffice.chain_open_deposits, headoffice.chain_report_groups,
  headoffice.chain_terminals TO desk_terminal, headoffice_reader;
GRANT USAGE ON SCHEMA headoffice TO headoffice_reader;
GRANT SELECT ON headoffice.schema_migrations TO desk_terminal;
GRANT SELECT ON ALL TABLES IN SCHEMA headoffice TO headoffice_reader;
GRANT EXECUTE ON FUNCTION headoffice.my_terminal(), headoffice.may_read_chain(),
  headoffice.chain_use_since(integer, timestamptz) TO desk_terminal, headoffice_reader;

ALTER TABLE headoffice.terminal_claims ENABLE ROW LEVEL SECURITY;
ALTER TABLE headoffice.entries ENABLE ROW LEVEL SECURITY;
ALTER TABLE headoffice.entry_events ENABLE ROW LEVEL SECURITY;
ALTER TABLE headoffice.entry_states ENABLE ROW LEVEL SECURITY;
ALTER TABLE headoffice.z_reports ENABLE ROW LEVEL SECURITY;

CREATE POLICY own_rows_in ON headoffice.terminal_claims FOR INSERT TO desk_terminal
  WITH CHECK (terminal = (SELECT headoffice.my_terminal()));
CREATE POLICY own_rows_out ON headoffice.terminal_claims FOR SELECT TO desk_terminal
  USING (terminal = (SELECT headoffice.my_terminal()));
CREATE POLICY own_rows_in ON headoffice.entries FOR INSERT TO desk_terminal
  WITH CHECK (terminal = (SELECT headoffice.my_terminal()));
CREATE POLICY own_rows_out ON headoffice.entries FOR SELECT TO desk_terminal
  USING (terminal = (SELECT headoffice.my_terminal()));
CREATE POLICY own_rows_in ON headoffice.entry_events FOR INSERT TO desk_terminal
  WITH CHECK (terminal = (SELECT headoffice.my_terminal()));
CREATE POLICY own_rows_out ON headoffice.entry_events FOR SELECT TO desk_terminal
  USING (terminal = (SELECT headoffice.my_terminal()));
CREATE POLICY own_rows_in ON headoffice.entry_states FOR INSERT TO desk_terminal
  WITH CHECK (terminal = (SELECT headoffice.my_terminal()));
CREATE POLICY own_rows_out ON headoffice.entry_states FOR SELECT TO desk_terminal
  USING (terminal = (SELECT headoffice.my_terminal()));
CREATE POLICY own_rows_in ON headoffice.z_reports FOR INSERT TO desk_terminal
  WITH CHECK (terminal = (SELECT headoffice.my_terminal()));
CREATE POLICY own_rows_out ON headoffice.z_reports FOR SELECT TO desk_terminal
  USING (terminal = (SELECT headoffice.my_terminal()));

-- Reporting tools and read replicas read everything (figures and entries) through headoffice_reader.
CREATE POLICY reader_rows ON headoffice.terminal_claims FOR SELECT TO headoffice_reader USING (true);
CREATE POLICY reader_rows ON headoffice.entries FOR SELECT TO headoffice_reader USING (true);
CREATE POLICY reader_rows ON headoffice.entry_events FOR SELECT TO headoffice_reader USING (true);
CREATE POLICY reader_rows ON headoffice.entry_states FOR SELECT TO headoffice_reader USING (true);
CREATE POLICY reader_rows ON headoffice.z_reports FOR SELECT TO headoffice_reader USING (true);
