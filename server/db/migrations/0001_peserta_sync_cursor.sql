ALTER TABLE "deletions" ADD COLUMN "change_xid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL;--> statement-breakpoint
ALTER TABLE "peserta" ADD COLUMN "change_xid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL;--> statement-breakpoint
CREATE INDEX "deletions_entity_change_xid_idx" ON "deletions" USING btree ("entity","change_xid");--> statement-breakpoint
CREATE INDEX "peserta_change_xid_idx" ON "peserta" USING btree ("change_xid");