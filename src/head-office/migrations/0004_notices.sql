-- Head office schema 4: the counters hear at once when another counter's records land.
--
-- Every statement that adds a terminal's events or states tells the desks listening (LISTEN/NOTIFY): on the
-- channel of each service account the rows are about ('headoffice_account_' and the MD5 of the account as
-- UTF-8: the desks selling on that account listen there), and on 'headoffice_deposits' when a deposit is
-- among them (an unresolved deposit to a phone stops a deposit to it at every counter, whatever its account).
-- The payload is empty: a notice says only that something changed, and each desk reads the figures again
-- through the chain-wide views, as it does every 15 s. PostgreSQL sends a transaction's notices when it
-- commits, once per channel, and never those of a transaction rolled back.

CREATE FUNCTION headoffice.tell_counters() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog, pg_temp
  AS $$
DECLARE
  account text;
BEGIN
  -- Runs as the role that inserted: a terminal reads back its own rows (row-level security), all of them here.
  FOR account IN
    SELECT DISTINCT e.service_account
    FROM landed l JOIN headoffice.entries e ON e.terminal = l.terminal AND e.id = l.entry_id
    WHERE e.mode = 'live' AND e.service_account IS NOT NULL
  LOOP
    PERFORM pg_catalog.pg_notify(
      'headoffice_account_' || pg_catalog.md5(pg_catalog.convert_to(account, 'UTF8')), '');
  END LOOP;
  IF EXISTS (
    SELECT 1 FROM landed l JOIN headoffice.entries e ON e.terminal = l.terminal AND e.id = l.entry_id
    WHERE e.kind = 'deposit' AND e.mode = 'live'
  ) THEN
    PERFORM pg_catalog.pg_notify('headoffice_deposits', '');
  END IF;
  RETURN NULL;
END
$$;

-- Once per statement (a desk's batch inserts its events in one statement, its states in another), with the
-- rows the statement added: a row skipped as already there is not among them.
CREATE TRIGGER entry_events_tell_counters AFTER INSERT ON headoffice.entry_events
  REFERENCING NEW TABLE AS landed FOR EACH STATEMENT EXECUTE FUNCTION headoffice.tell_counters();
CREATE TRIGGER entry_states_tell_counters AFTER INSERT ON headoffice.entry_states
  REFERENCING NEW TABLE AS landed FOR EACH STATEMENT EXECUTE FUNCTION headoffice.tell_counters();

REVOKE ALL ON FUNCTION headoffice.tell_counters() FROM PUBLIC;
