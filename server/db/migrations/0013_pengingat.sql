-- Reminders: the daily job's runs (one row per job and Jakarta day: the instance whose insert commits
-- runs it), the profile's 'Terima pengingat' switch on users (default on), and the two reminder kinds
-- of notifications in the kinds' CHECK.
CREATE TABLE "job_runs" (
	"name" text NOT NULL,
	"tanggal" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_runs_pk" PRIMARY KEY("name","tanggal")
);
--> statement-breakpoint
ALTER TABLE "notifikasi" DROP CONSTRAINT "notifikasi_jenis_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "terima_pengingat" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notifikasi" ADD CONSTRAINT "notifikasi_jenis_check" CHECK ("notifikasi"."jenis" in ('menunggu_persetujuan', 'ditolak', 'sertifikat_siap', 'dibatalkan', 'pengingat_nilai', 'pengingat_persetujuan'));