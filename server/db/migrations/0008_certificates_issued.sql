-- Issued certificates (frozen snapshot, verification code, SHA-256 of the PDF), the images they
-- print kept by hash, the public check's per-address counts and organisation settings. An issued
-- certificate never changes: the trigger below refuses every UPDATE except revoking it once (and
-- the foreign key's set null when its participant is deleted), and every DELETE.
CREATE TABLE "dokumen_gambar" (
	"sha256" text PRIMARY KEY NOT NULL,
	"png" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dokumen_gambar_sha256_check" CHECK ("dokumen_gambar"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "pengaturan" (
	"nama" text PRIMARY KEY NOT NULL,
	"nilai" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sertifikat_terbit" (
	"id" serial PRIMARY KEY NOT NULL,
	"peserta_id" integer,
	"kode" text NOT NULL,
	"nomor" text NOT NULL,
	"tanggal_terbit" date NOT NULL,
	"url" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"pdf_sha256" text NOT NULL,
	"diterbitkan_pada" timestamp with time zone DEFAULT now() NOT NULL,
	"dicabut_pada" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "verifikasi_attempts" (
	"address" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sertifikat_terbit" ADD CONSTRAINT "sertifikat_terbit_peserta_id_peserta_id_fk" FOREIGN KEY ("peserta_id") REFERENCES "public"."peserta"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sertifikat_terbit_kode_idx" ON "sertifikat_terbit" USING btree ("kode");--> statement-breakpoint
CREATE UNIQUE INDEX "sertifikat_terbit_valid_idx" ON "sertifikat_terbit" USING btree ("peserta_id") WHERE "sertifikat_terbit"."dicabut_pada" is null;--> statement-breakpoint
CREATE INDEX "sertifikat_terbit_peserta_idx" ON "sertifikat_terbit" USING btree ("peserta_id");--> statement-breakpoint
CREATE INDEX "verifikasi_attempts_window_start_idx" ON "verifikasi_attempts" USING btree ("window_start");
--> statement-breakpoint
CREATE FUNCTION sertifikat_terbit_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE'
    OR NEW.id IS DISTINCT FROM OLD.id
    OR NEW.kode IS DISTINCT FROM OLD.kode
    OR NEW.nomor IS DISTINCT FROM OLD.nomor
    OR NEW.tanggal_terbit IS DISTINCT FROM OLD.tanggal_terbit
    OR NEW.url IS DISTINCT FROM OLD.url
    OR NEW.snapshot IS DISTINCT FROM OLD.snapshot
    OR NEW.pdf_sha256 IS DISTINCT FROM OLD.pdf_sha256
    OR NEW.diterbitkan_pada IS DISTINCT FROM OLD.diterbitkan_pada
    OR (OLD.dicabut_pada IS NOT NULL AND NEW.dicabut_pada IS DISTINCT FROM OLD.dicabut_pada)
    OR (NEW.peserta_id IS DISTINCT FROM OLD.peserta_id AND NEW.peserta_id IS NOT NULL)
  THEN
    RAISE EXCEPTION 'sertifikat_terbit is frozen: % refused', TG_OP USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER sertifikat_terbit_frozen BEFORE UPDATE OR DELETE ON sertifikat_terbit FOR EACH ROW EXECUTE FUNCTION sertifikat_terbit_frozen();
