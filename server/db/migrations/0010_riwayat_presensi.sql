-- The history also records attendance marks HR corrected: kind 'presensi', the marks in a column
-- of their own (date, status before and after). Adding the column fires no row trigger, so the
-- append-only rule of riwayat stands.
ALTER TABLE "riwayat" DROP CONSTRAINT "riwayat_jenis_check";--> statement-breakpoint
ALTER TABLE "riwayat" ADD COLUMN "presensi" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "riwayat" ADD CONSTRAINT "riwayat_jenis_check" CHECK ("riwayat"."jenis" in ('nilai', 'reset', 'approve', 'reject', 'cancel', 'presensi'));