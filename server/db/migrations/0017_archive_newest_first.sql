-- The archive's newest-first page of both levels (services/arsip.ts): walked in this index instead of
-- sorting every member (the approval archive without a search or level at 100,000: ~300 -> ~90 ms on PGlite).
CREATE INDEX "peserta_tanggal_masuk_idx" ON "peserta" USING btree ("tanggal_masuk");