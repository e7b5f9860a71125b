-- E-mail addresses are now NFC-normalised (and, as before, lower-cased)
-- before they are stored or looked up, so the composed and decomposed forms
-- of "josé@…" are one account. Existing rows are brought to that form here.
-- Where two accounts differ only in normalisation, one keeps the address it
-- can be reached by: the row already in NFC if there is one, else the oldest.
-- The others keep their old form (their owners can no longer log in with it,
-- and support can merge or rename them); nothing is deleted.
UPDATE users u
SET email = normalize(u.email, NFC)
WHERE u.email IS NOT NFC NORMALIZED
  AND NOT EXISTS (
    SELECT 1 FROM users o
    WHERE o.id <> u.id
      AND normalize(o.email, NFC) = normalize(u.email, NFC)
      AND (o.email IS NFC NORMALIZED OR o.created_at < u.created_at OR (o.created_at = u.created_at AND o.id < u.id))
  );
