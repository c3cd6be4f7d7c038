-- pg_trgm (a trusted extension: the database owner may create it) for the archive's name search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "peserta_tanggal_selesai_idx" ON "peserta" USING btree ("tanggal_selesai");--> statement-breakpoint
CREATE INDEX "peserta_nama_trgm_idx" ON "peserta" USING gin ("nama" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reviews_belum_disetujui_idx" ON "reviews" USING btree ("peserta_id") WHERE "reviews"."status" <> 'Disetujui';