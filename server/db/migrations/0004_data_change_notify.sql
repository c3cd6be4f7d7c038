-- Answers kept in memory (the full participant list, the users behind tokens) must learn at
-- once when any writer — this instance, another instance on the same PostgreSQL, a script —
-- changed what they were built from. Each statement writing these tables sends a
-- notification on channel `magang_data` at commit, its payload naming what changed:
--   'peserta'  a participant or anything shown in its row (0002's triggers update the
--              participant when its details, reviews or scores change), or a deletion
--   'names'    a name that list rows show: users.username, instansi.nama, divisi.nama
--   'users'    any change of a user (role, password, token version, deletion)
-- Statement-level: one notification per statement, and PostgreSQL folds equal payloads of
-- one transaction into one.
CREATE FUNCTION notify_data_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('magang_data', TG_ARGV[0]);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER peserta_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON peserta FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change('peserta');--> statement-breakpoint
CREATE TRIGGER deletions_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON deletions FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change('peserta');--> statement-breakpoint
CREATE TRIGGER users_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change('users');--> statement-breakpoint
CREATE TRIGGER users_names_notify AFTER UPDATE OF username OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change('names');--> statement-breakpoint
CREATE TRIGGER instansi_notify AFTER UPDATE OR DELETE OR TRUNCATE ON instansi FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change('names');--> statement-breakpoint
CREATE TRIGGER divisi_notify AFTER UPDATE OR DELETE OR TRUNCATE ON divisi FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change('names');
