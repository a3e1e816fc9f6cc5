-- Head office schema 6: receipt numbers (docs/head-office.md, "Receipt numbers").
--
-- Each terminal has a receipt code of 1 to 3 capital Latin letters, never R or T alone (the numbers of a desk
-- on its own and of training): its live receipts are numbered KA-0428-0173 (the code, the business day's
-- month and day, the entry's place in that day at that counter), so two counters of the chain never print the
-- same number. A terminal gets the next free code when it is made (A, B, … without R and T, then AA, AB, …);
-- the terminals made before this version get theirs now, in the order they were made. Each entry keeps the
-- number its receipt printed (null for entries made before the desks numbered them).

ALTER TABLE headoffice.terminals ADD COLUMN receipt_code text UNIQUE
  CHECK (receipt_code ~ '^[A-Z]{1,3}$' AND receipt_code NOT IN ('R', 'T'));

-- The first code no terminal holds, in the order A…Z (without R and T), AA…ZZ, AAA…ZZZ.
CREATE FUNCTION headoffice.next_receipt_code() RETURNS text
  LANGUAGE sql STABLE
  SET search_path = pg_catalog, pg_temp
  AS $$
    WITH letters AS (SELECT chr(65 + i) AS l FROM generate_series(0, 25) AS i),
    codes AS (
      SELECT l AS code, 1 AS len FROM letters
      UNION ALL SELECT a.l || b.l, 2 FROM letters a CROSS JOIN letters b
      UNION ALL SELECT a.l || b.l || c.l, 3 FROM letters a CROSS JOIN letters b CROSS JOIN letters c
    )
    SELECT code FROM codes
    WHERE code NOT IN ('R', 'T')
      AND NOT EXISTS (SELECT 1 FROM headoffice.terminals t WHERE t.receipt_code = codes.code)
    ORDER BY len, code
    LIMIT 1
  $$;

CREATE FUNCTION headoffice.give_receipt_code() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog, pg_temp
  AS $$
BEGIN
  IF NEW.receipt_code IS NULL THEN
    NEW.receipt_code := headoffice.next_receipt_code();
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER terminals_receipt_code BEFORE INSERT ON headoffice.terminals
  FOR EACH ROW EXECUTE FUNCTION headoffice.give_receipt_code();

-- A code once given never changes: the receipts already printed carry it.
CREATE FUNCTION headoffice.keep_receipt_code() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog, pg_temp
  AS $$
BEGIN
  IF OLD.receipt_code IS NOT NULL AND NEW.receipt_code IS DISTINCT FROM OLD.receipt_code THEN
    RAISE EXCEPTION 'a terminal''s receipt code never changes (%)', OLD.name
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER terminals_keep_receipt_code BEFORE UPDATE ON headoffice.terminals
  FOR EACH ROW EXECUTE FUNCTION headoffice.keep_receipt_code();

DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT name FROM headoffice.terminals WHERE receipt_code IS NULL ORDER BY created_at, name LOOP
    UPDATE headoffice.terminals SET receipt_code = headoffice.next_receipt_code() WHERE name = t.name;
  END LOOP;
END
$$;

ALTER TABLE headoffice.entries ADD COLUMN receipt_no text
  CHECK (receipt_no IS NULL OR receipt_no ~ '^[A-Z]{1,3}-[0-9]{4}-[0-9]{4,}$');
CREATE INDEX entries_receipt_no ON headoffice.entries (receipt_no) WHERE receipt_no IS NOT NULL;
