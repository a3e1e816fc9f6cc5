-- Head office schema 5: the functions that run as the schema's owner name their types by their schema.
--
-- heard_from() and chain_use_since() are SECURITY DEFINER: they run as the owner, whoever calls them. A
-- PL/pgSQL body's variable types and casts are looked up when a session first runs it, in the function's
-- search_path; PostgreSQL puts the caller's temporary schema FIRST for type names unless pg_temp is named, so
-- a caller allowed temporary objects could plant a `text` of its own whose check ran as the owner. `migrate`
-- already pins every function of the schema to `search_path = pg_catalog, pg_temp` (pg_temp last) on every
-- run; here the two bodies also name pg_catalog's types and functions outright (greatest and coalesce are
-- part of the SQL itself), so neither depends on it.
-- Same behaviour, same results; their grants are kept (CREATE OR REPLACE keeps a function's privileges).

CREATE OR REPLACE FUNCTION headoffice.heard_from() RETURNS pg_catalog.timestamptz
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp
  AS $$
DECLARE
  mine pg_catalog.text;
  heard pg_catalog.timestamptz := pg_catalog.clock_timestamp();
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

CREATE OR REPLACE FUNCTION headoffice.chain_use_since(p_day pg_catalog.int4, p_since pg_catalog.timestamptz)
  RETURNS TABLE (terminal pg_catalog.text, service_account pg_catalog.text, used_dirhams pg_catalog.int8,
                 open_dirhams pg_catalog.int8, used_since_dirhams pg_catalog.int8,
                 open_since_dirhams pg_catalog.int8)
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp
  AS $$
BEGIN
  -- A definer runs as the owner: the caller is the session's role.
  IF NOT EXISTS (SELECT 1 FROM headoffice.terminals t WHERE t.role_name = session_user)
     AND NOT pg_catalog.pg_has_role(session_user, 'headoffice_reader', 'MEMBER') THEN
    RAISE EXCEPTION 'not a terminal of this head office' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN QUERY
  SELECT c.terminal, c.service_account,
    coalesce(pg_catalog.sum(c.amount_dirhams) FILTER (WHERE c.status IN ('issued', 'confirmed')), 0)::pg_catalog.int8,
    coalesce(pg_catalog.sum(c.amount_dirhams) FILTER (WHERE c.status IN ('pending', 'unknown')), 0)::pg_catalog.int8,
    coalesce(pg_catalog.sum(c.amount_dirhams) FILTER (WHERE c.status IN ('issued', 'confirmed')
      AND (p_since IS NULL OR c.created_at > p_since)), 0)::pg_catalog.int8,
    coalesce(pg_catalog.sum(c.amount_dirhams) FILTER (WHERE c.status IN ('pending', 'unknown')
      AND (p_since IS NULL OR c.created_at > p_since)), 0)::pg_catalog.int8
  FROM headoffice.entry_current c
  WHERE c.day = p_day AND c.mode = 'live'
  GROUP BY c.terminal, c.service_account;
END
$$;
