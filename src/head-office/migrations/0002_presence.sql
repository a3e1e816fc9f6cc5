-- Head office schema 2: when each terminal was last heard from.
--
-- A terminal's records arrive only when it has something new, so "its last record arrived at 10:02" cannot
-- tell a counter that sold nothing since from one cut off from the head office (or switched off with sales
-- that never arrived). Each desk says it is there whenever it reads the chain's figures (every 15 s while it
-- reaches the head office). One row per terminal, moved on each time: not history, so it is the one table a
-- terminal's call updates, and only through heard_from(), only its own row.
CREATE TABLE headoffice.terminal_presence (
  terminal text PRIMARY KEY REFERENCES headoffice.terminals (name),
  heard_at timestamptz NOT NULL
);

CREATE FUNCTION headoffice.heard_from() RETURNS timestamptz
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = pg_catalog
  AS $$
DECLARE
  mine text;
  heard timestamptz := clock_timestamp();
BEGIN
  -- A definer runs as the owner: the caller is the session's role.
  SELECT t.name INTO mine FROM headoffice.terminals t WHERE t.role_name = session_user;
  IF mine IS NULL THEN
    RAISE EXCEPTION 'not a terminal of this head office' USING ERRCODE = 'insufficient_privilege';
  END IF;
  INSERT INTO headoffice.terminal_presence AS p (terminal, heard_at) VALUES (mine, heard)
  ON CONFLICT (terminal) DO UPDATE SET heard_at = greatest(p.heard_at, excluded.heard_at);
  RETURN heard;
END
$$;

-- How recent each terminal's figures are, and when it was last heard from (null: not since schema 2).
CREATE OR REPLACE VIEW headoffice.chain_terminals AS
SELECT p.terminal, p.last_received_at, p.last_seq, h.heard_at AS last_heard_at
FROM headoffice.terminal_progress p
LEFT JOIN headoffice.terminal_presence h ON h.terminal = p.terminal
WHERE (SELECT headoffice.may_read_chain());

REVOKE ALL ON headoffice.terminal_presence FROM PUBLIC;
REVOKE ALL ON FUNCTION headoffice.heard_from() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION headoffice.heard_from() TO desk_terminal;
GRANT SELECT ON headoffice.terminal_presence TO headoffice_reader;
