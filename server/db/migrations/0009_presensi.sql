-- Attendance marks: one per participant and date (Hadir, Izin, Sakit, Alpa), corrected in place;
-- change_xid is the cursor of the incremental pull (set on insert by its default, on a correction
-- by the upsert itself). A participant's marks are deleted with the participant.
CREATE TABLE "presensi" (
	"peserta_id" integer NOT NULL,
	"tanggal" date NOT NULL,
	"status" text NOT NULL,
	"catatan" text,
	"user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"change_xid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	CONSTRAINT "presensi_pk" PRIMARY KEY("peserta_id","tanggal"),
	CONSTRAINT "presensi_status_check" CHECK ("presensi"."status" in ('Hadir', 'Izin', 'Sakit', 'Alpa'))
);
--> statement-breakpoint
ALTER TABLE "presensi" ADD CONSTRAINT "presensi_peserta_id_peserta_id_fk" FOREIGN KEY ("peserta_id") REFERENCES "public"."peserta"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presensi" ADD CONSTRAINT "presensi_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "presensi_change_xid_idx" ON "presensi" USING btree ("change_xid");--> statement-breakpoint
CREATE INDEX "presensi_tanggal_idx" ON "presensi" USING btree ("tanggal");