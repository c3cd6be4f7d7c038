-- The mentor's whole list (kept in memory) shows which scores count and how many competencies a
-- division and level need: a change of a competency (its activity, level, divisions) or of the
-- division links sends notification 'kompetensi' on the channel of 0004, so the kept lists are
-- read again.
CREATE TRIGGER kompetensi_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON kompetensi FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change('kompetensi');--> statement-breakpoint
CREATE TRIGGER divisi_kategori_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON divisi_kategori FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change('kompetensi');
