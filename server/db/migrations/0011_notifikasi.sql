-- Notifications: one row per person told (read or unread, kept 90 days). A digest is one unread row
-- per person, kind and link (the partial unique index), counting its participants in peserta_ids.
-- change_xid is the cursor of the inbox pull.
CREATE TABLE "notifikasi" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"jenis" text NOT NULL,
	"peserta_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"fakta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tautan" text NOT NULL,
	"dibaca" boolean DEFAULT false NOT NULL,
	"dibuat" timestamp with time zone DEFAULT now() NOT NULL,
	"change_xid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	CONSTRAINT "notifikasi_jenis_check" CHECK ("notifikasi"."jenis" in ('menunggu_persetujuan', 'ditolak', 'sertifikat_siap', 'dibatalkan'))
);
--> statement-breakpoint
ALTER TABLE "notifikasi" ADD CONSTRAINT "notifikasi_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifikasi_user_change_xid_idx" ON "notifikasi" USING btree ("user_id","change_xid");--> statement-breakpoint
CREATE INDEX "notifikasi_dibuat_idx" ON "notifikasi" USING btree ("dibuat");--> statement-breakpoint
CREATE UNIQUE INDEX "notifikasi_digest_unread_idx" ON "notifikasi" USING btree ("user_id","jenis","tautan") WHERE not "notifikasi"."dibaca" and "notifikasi"."jenis" in ('menunggu_persetujuan', 'sertifikat_siap');