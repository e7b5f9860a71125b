-- An idempotency key sent again with other content must be refused (409),
-- not answered with the first message's id while the second is dropped. Each
-- message sent with a key keeps a digest of its content: its event type and
-- its payload as sent (the envelope's "data", without the timestamp that
-- differs each time). The trigger fires only for rows with a key, so messages
-- without one cost nothing more; data.ts computes the same digest of a new
-- message to compare.
ALTER TABLE webhook_messages ADD COLUMN content_digest text;

CREATE FUNCTION flex_message_digest() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.content_digest := encode(sha256(convert_to(NEW.event_type || E'\n' || substr(NEW.body, strpos(NEW.body, ',"data":')), 'UTF8')), 'hex');
  RETURN NEW;
END
$$;

CREATE TRIGGER webhook_messages_digest BEFORE INSERT ON webhook_messages
  FOR EACH ROW WHEN (NEW.idempotency_key IS NOT NULL) EXECUTE FUNCTION flex_message_digest();
