-- Issuing, re-issuing or revoking a certificate is a change of its participant, as a change of
-- its reviews or scores is (0002): the participant's change_xid moves, so incremental reads —
-- devices' pulls, the kept whole certificate list — see the participant again. In the
-- transaction of an approval the participant is already written (its review): no second write.
CREATE TRIGGER sertifikat_terbit_touch_peserta_insert AFTER INSERT ON sertifikat_terbit REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION peserta_touch_changed();--> statement-breakpoint
CREATE TRIGGER sertifikat_terbit_touch_peserta_update AFTER UPDATE ON sertifikat_terbit REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION peserta_touch_changed();--> statement-breakpoint
CREATE TRIGGER sertifikat_terbit_touch_peserta_delete AFTER DELETE ON sertifikat_terbit REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION peserta_touch_changed();
