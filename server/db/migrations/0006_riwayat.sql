-- Riwayat: the append-only history of score changes and approval decisions. Rows are only ever
-- inserted, in the transaction of the change they record; the trigger below makes the database
-- itself refuse every UPDATE, DELETE and TRUNCATE (also from scripts and psql). No foreign keys, so a
-- deleted participant or account keeps its history.
CREATE TABLE "riwayat" (
	"id" serial PRIMARY KEY NOT NULL,
	"peserta_id" integer NOT NULL,
	"peserta_nama" text NOT NULL,
	"jenis" text NOT NULL,
	"user_id" integer NOT NULL,
	"username" text NOT NULL,
	"role" text NOT NULL,
	"waktu_server" timestamp with time zone DEFAULT now() NOT NULL,
	"waktu_perangkat" timestamp with time zone,
	"offline" boolean DEFAULT false NOT NULL,
	"perubahan" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"catatan" text,
	CONSTRAINT "riwayat_jenis_check" CHECK ("riwayat"."jenis" in ('nilai', 'reset', 'approve', 'reject', 'cancel'))
);
--> statement-breakpoint
CREATE INDEX "riwayat_peserta_idx" ON "riwayat" USING btree ("peserta_id","id");--> statement-breakpoint
CREATE FUNCTION riwayat_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'riwayat is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER riwayat_append_only BEFORE UPDATE OR DELETE ON riwayat FOR EACH ROW EXECUTE FUNCTION riwayat_append_only();
--> statement-breakpoint
CREATE TRIGGER riwayat_no_truncate BEFORE TRUNCATE ON riwayat FOR EACH STATEMENT EXECUTE FUNCTION riwayat_append_only();
