-- An address's international domain labels are now kept in their own
-- spelling (münchen.de), never in the ASCII one DNS carries
-- (xn--mnchen-3ya.de): both reach one mailbox, and were two accounts, each with
-- its own limits (contract/fields.ts ownSpelling). Existing addresses are
-- brought to it here: accounts, and the addresses of members and invitations.
-- As in 003, where the own spelling is already another row's (two accounts for
-- one mailbox, two invitations in one project), the row that has it keeps it
-- and the other keeps its old form; nothing is deleted.
-- breaks-previous: an earlier version's server takes an address's ASCII spelling for another account
CREATE FUNCTION pg_temp.own_label(label text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
-- RFC 3492's decoding of one "xn--" label; NULL when it is not valid Punycode
-- or decodes to ASCII alone (no valid international label does).
DECLARE
  input text := substr(label, 5);
  dash integer := length(input) - strpos(reverse(input), '-') + 1;
  cps integer[] := '{}';
  pos integer;
  n bigint := 128;
  i bigint := 0;
  bias bigint := 72;
  oldi bigint;
  w bigint;
  k bigint;
  t bigint;
  c integer;
  digit integer;
  delta bigint;
  len integer;
BEGIN
  IF strpos(input, '-') = 0 THEN dash := 0; END IF;
  IF dash > 1 THEN
    FOR j IN 1..dash - 1 LOOP
      c := ascii(substr(input, j, 1));
      IF c > 127 THEN RETURN NULL; END IF;
      cps := cps || c;
    END LOOP;
  END IF;
  pos := dash + 1;
  WHILE pos <= length(input) LOOP
    oldi := i;
    w := 1;
    k := 36;
    LOOP
      IF pos > length(input) THEN RETURN NULL; END IF;
      c := ascii(substr(input, pos, 1));
      pos := pos + 1;
      digit := CASE WHEN c BETWEEN 48 AND 57 THEN c - 22 WHEN c BETWEEN 97 AND 122 THEN c - 97 WHEN c BETWEEN 65 AND 90 THEN c - 65 END;
      IF digit IS NULL THEN RETURN NULL; END IF;
      i := i + digit * w;
      IF i > 2147483647 THEN RETURN NULL; END IF;
      t := CASE WHEN k <= bias THEN 1 WHEN k >= bias + 26 THEN 26 ELSE k - bias END;
      EXIT WHEN digit < t;
      w := w * (36 - t);
      k := k + 36;
    END LOOP;
    len := cardinality(cps) + 1;
    delta := CASE WHEN oldi = 0 THEN (i - oldi) / 700 ELSE (i - oldi) / 2 END;
    delta := delta + delta / len;
    k := 0;
    WHILE delta > 455 LOOP
      delta := delta / 35;
      k := k + 36;
    END LOOP;
    bias := k + (36 * delta) / (delta + 38);
    n := n + i / len;
    i := i % len;
    IF n > 1114111 OR n BETWEEN 55296 AND 57343 THEN RETURN NULL; END IF;
    cps := cps[1:i] || n::integer || cps[i + 1:];
    i := i + 1;
  END LOOP;
  IF NOT EXISTS (SELECT 1 FROM unnest(cps) AS x WHERE x > 127) THEN RETURN NULL; END IF;
  -- What no valid label holds (a control or invisible character, one that is
  -- not in its normal lower-case form): the server never turns such a label
  -- into its own spelling either, and it stays as stored.
  IF EXISTS (SELECT 1 FROM unnest(cps) AS x WHERE x < 160 AND NOT (x BETWEEN 48 AND 57 OR x BETWEEN 97 AND 122 OR x = 45)
      OR x = 173 OR x BETWEEN 8203 AND 8207 OR x BETWEEN 8232 AND 8238 OR x BETWEEN 8288 AND 8303 OR x = 65279) THEN
    RETURN NULL;
  END IF;
  label := (SELECT string_agg(chr(x), '' ORDER BY o) FROM unnest(cps) WITH ORDINALITY AS u(x, o));
  IF label IS NOT NFC NORMALIZED OR lower(label) <> label THEN RETURN NULL; END IF;
  RETURN label;
END
$$;

CREATE FUNCTION pg_temp.own_spelling(address text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT substr(address, 1, length(address) - length(d.domain)) || (
    SELECT string_agg(CASE WHEN l LIKE 'xn--%' THEN COALESCE(pg_temp.own_label(l), l) ELSE l END, '.' ORDER BY o)
      FROM unnest(string_to_array(d.domain, '.')) WITH ORDINALITY AS x(l, o))
  FROM (SELECT substring(address FROM '@([^@]*)$') AS domain) d
$$;

UPDATE users u
SET email = pg_temp.own_spelling(u.email)
WHERE u.email ~ '@(.*\.)?xn--'
  AND pg_temp.own_spelling(u.email) <> u.email
  AND NOT EXISTS (SELECT 1 FROM users o WHERE o.email = pg_temp.own_spelling(u.email));

UPDATE users u
SET external_email = pg_temp.own_spelling(u.external_email)
WHERE u.external_email ~ '@(.*\.)?xn--';

UPDATE project_members m
SET email = pg_temp.own_spelling(m.email)
WHERE m.email ~ '@(.*\.)?xn--'
  AND pg_temp.own_spelling(m.email) <> m.email
  AND NOT EXISTS (SELECT 1 FROM project_members o WHERE o.project_id = m.project_id AND o.email = pg_temp.own_spelling(m.email));

DROP FUNCTION pg_temp.own_spelling(text);
DROP FUNCTION pg_temp.own_label(text);
