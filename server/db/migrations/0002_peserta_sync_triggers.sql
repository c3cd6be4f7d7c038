-- Incremental pulls of participants (GET /api/peserta?since=) select rows by change_xid, the
-- id of the transaction that last wrote them. These triggers keep it true for every writer:
-- any UPDATE of a peserta row takes the writing transaction's id, and any change of a
-- participant's details, reviews or scores updates (bumps) the participant itself, unless
-- the same transaction already wrote it (a new participant with its rows: no second write).
-- Statement-level triggers with transition tables: one UPDATE per statement, not per row.
CREATE FUNCTION peserta_set_change_xid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_xid := pg_current_xact_id()::text::bigint;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER peserta_change_xid BEFORE UPDATE ON peserta FOR EACH ROW EXECUTE FUNCTION peserta_set_change_xid();--> statement-breakpoint
CREATE FUNCTION peserta_touch_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE peserta SET updated_at = now()
  WHERE id IN (SELECT peserta_id FROM changed_rows)
    AND change_xid <> pg_current_xact_id()::text::bigint;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER reviews_touch_peserta_insert AFTER INSERT ON reviews REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION peserta_touch_changed();--> statement-breakpoint
CREATE TRIGGER reviews_touch_peserta_update AFTER UPDATE ON reviews REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION peserta_touch_changed();--> statement-breakpoint
CREATE TRIGGER reviews_touch_peserta_delete AFTER DELETE ON reviews REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION peserta_touch_changed();--> statement-breakpoint
CREATE TRIGGER nilai_touch_peserta_insert AFTER INSERT ON nilai REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION peserta_touch_changed();--> statement-breakpoint
CREATE TRIGGER nilai_touch_peserta_update AFTER UPDATE ON nilai REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION peserta_touch_changed();--> statement-breakpoint
CREATE TRIGGER nilai_touch_peserta_delete AFTER DELETE ON nilai REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION peserta_touch_changed();--> statement-breakpoint
CREATE TRIGGER peserta_siswa_touch_peserta_insert AFTER INSERT ON peserta_siswa REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION peserta_touch_changed();--> statement-breakpoint
CREATE TRIGGER peserta_siswa_touch_peserta_update AFTER UPDATE ON peserta_siswa REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION peserta_touch_changed();--> statement-breakpoint
CREATE TRIGGER peserta_siswa_touch_peserta_delete AFTER DELETE ON peserta_siswa REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION peserta_touch_changed();--> statement-breakpoint
CREATE TRIGGER peserta_mahasiswa_touch_peserta_insert AFTER INSERT ON peserta_mahasiswa REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION peserta_touch_changed();--> statement-breakpoint
CREATE TRIGGER peserta_mahasiswa_touch_peserta_update AFTER UPDATE ON peserta_mahasiswa REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION peserta_touch_changed();--> statement-breakpoint
CREATE TRIGGER peserta_mahasiswa_touch_peserta_delete AFTER DELETE ON peserta_mahasiswa REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION peserta_touch_changed();
