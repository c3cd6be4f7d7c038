ALTER TABLE "users" ADD COLUMN "nama_lengkap" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "jabatan" text;