CREATE TABLE "deletions" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "divisi" (
	"id" serial PRIMARY KEY NOT NULL,
	"nama" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "divisi_kategori" (
	"id" serial PRIMARY KEY NOT NULL,
	"kompetensi_id" integer NOT NULL,
	"divisi_id" integer NOT NULL,
	CONSTRAINT "divisi_kategori_pair_unique" UNIQUE("kompetensi_id","divisi_id")
);
--> statement-breakpoint
CREATE TABLE "grade_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"huruf" varchar(2) NOT NULL,
	"min" integer NOT NULL,
	"predikat" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "grade_items_min_range_check" CHECK ("grade_items"."min" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "grade_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"nama" text NOT NULL,
	"deskripsi" text DEFAULT '' NOT NULL,
	"kategori" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grade_templates_kategori_check" CHECK ("grade_templates"."kategori" in ('SMK', 'Mahasiswa'))
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text NOT NULL,
	"user_id" integer NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status_code" integer NOT NULL,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "instansi" (
	"id" serial PRIMARY KEY NOT NULL,
	"nama" text NOT NULL,
	"jenis" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instansi_jenis_check" CHECK ("instansi"."jenis" in ('Kampus', 'Sekolah'))
);
--> statement-breakpoint
CREATE TABLE "kompetensi" (
	"id" serial PRIMARY KEY NOT NULL,
	"nama" text NOT NULL,
	"jenjang" text NOT NULL,
	"aktif" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kompetensi_jenjang_check" CHECK ("kompetensi"."jenjang" in ('SMK', 'Mahasiswa'))
);
--> statement-breakpoint
CREATE TABLE "nilai" (
	"id" serial PRIMARY KEY NOT NULL,
	"peserta_id" integer NOT NULL,
	"kompetensi_id" integer NOT NULL,
	"skor" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nilai_peserta_kompetensi_unique" UNIQUE("peserta_id","kompetensi_id"),
	CONSTRAINT "nilai_skor_range_check" CHECK ("nilai"."skor" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "peserta" (
	"id" serial PRIMARY KEY NOT NULL,
	"nama" text NOT NULL,
	"jenjang" text NOT NULL,
	"instansi_id" integer NOT NULL,
	"divisi_id" integer NOT NULL,
	"mentor_id" integer,
	"pembimbing_id" integer,
	"nama_pembimbing" text DEFAULT '' NOT NULL,
	"kontak_pembimbing" text DEFAULT '' NOT NULL,
	"tanggal_masuk" date NOT NULL,
	"tanggal_selesai" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "peserta_jenjang_check" CHECK ("peserta"."jenjang" in ('SMK', 'Mahasiswa'))
);
--> statement-breakpoint
CREATE TABLE "peserta_mahasiswa" (
	"peserta_id" integer PRIMARY KEY NOT NULL,
	"nim" text NOT NULL,
	"jurusan" text NOT NULL,
	"fakultas" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "peserta_siswa" (
	"peserta_id" integer PRIMARY KEY NOT NULL,
	"nis" text NOT NULL,
	"jurusan" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"peserta_id" integer NOT NULL,
	"role_reviewer" text NOT NULL,
	"status" text DEFAULT 'Menunggu' NOT NULL,
	"catatan" text,
	"reviewer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_peserta_role_unique" UNIQUE("peserta_id","role_reviewer"),
	CONSTRAINT "reviews_role_reviewer_check" CHECK ("reviews"."role_reviewer" in ('Pembimbing', 'HR', 'BusHead')),
	CONSTRAINT "reviews_status_check" CHECK ("reviews"."status" in ('Menunggu', 'Disetujui', 'Ditolak', 'Tidak_dilanjutkan'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" text NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"signature_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_employee_id_unique" UNIQUE("employee_id"),
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('HR', 'Pembimbing', 'Mentor', 'BusHead'))
);
--> statement-breakpoint
ALTER TABLE "divisi_kategori" ADD CONSTRAINT "divisi_kategori_kompetensi_id_kompetensi_id_fk" FOREIGN KEY ("kompetensi_id") REFERENCES "public"."kompetensi"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "divisi_kategori" ADD CONSTRAINT "divisi_kategori_divisi_id_divisi_id_fk" FOREIGN KEY ("divisi_id") REFERENCES "public"."divisi"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_items" ADD CONSTRAINT "grade_items_template_id_grade_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."grade_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nilai" ADD CONSTRAINT "nilai_peserta_id_peserta_id_fk" FOREIGN KEY ("peserta_id") REFERENCES "public"."peserta"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nilai" ADD CONSTRAINT "nilai_kompetensi_id_kompetensi_id_fk" FOREIGN KEY ("kompetensi_id") REFERENCES "public"."kompetensi"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peserta" ADD CONSTRAINT "peserta_instansi_id_instansi_id_fk" FOREIGN KEY ("instansi_id") REFERENCES "public"."instansi"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peserta" ADD CONSTRAINT "peserta_divisi_id_divisi_id_fk" FOREIGN KEY ("divisi_id") REFERENCES "public"."divisi"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peserta" ADD CONSTRAINT "peserta_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peserta" ADD CONSTRAINT "peserta_pembimbing_id_users_id_fk" FOREIGN KEY ("pembimbing_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peserta_mahasiswa" ADD CONSTRAINT "peserta_mahasiswa_peserta_id_peserta_id_fk" FOREIGN KEY ("peserta_id") REFERENCES "public"."peserta"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peserta_siswa" ADD CONSTRAINT "peserta_siswa_peserta_id_peserta_id_fk" FOREIGN KEY ("peserta_id") REFERENCES "public"."peserta"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_peserta_id_peserta_id_fk" FOREIGN KEY ("peserta_id") REFERENCES "public"."peserta"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deletions_entity_deleted_at_idx" ON "deletions" USING btree ("entity","deleted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "divisi_nama_lower_unique" ON "divisi" USING btree (lower("nama"));--> statement-breakpoint
CREATE INDEX "divisi_kategori_divisi_idx" ON "divisi_kategori" USING btree ("divisi_id");--> statement-breakpoint
CREATE INDEX "grade_items_template_idx" ON "grade_items" USING btree ("template_id","position");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "instansi_nama_lower_unique" ON "instansi" USING btree (lower("nama"));--> statement-breakpoint
CREATE UNIQUE INDEX "kompetensi_nama_jenjang_unique" ON "kompetensi" USING btree (lower("nama"),"jenjang");--> statement-breakpoint
CREATE INDEX "nilai_kompetensi_idx" ON "nilai" USING btree ("kompetensi_id");--> statement-breakpoint
CREATE INDEX "nilai_updated_at_idx" ON "nilai" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "peserta_updated_at_idx" ON "peserta" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "peserta_jenjang_tanggal_masuk_idx" ON "peserta" USING btree ("jenjang","tanggal_masuk");--> statement-breakpoint
CREATE INDEX "peserta_mentor_idx" ON "peserta" USING btree ("mentor_id");--> statement-breakpoint
CREATE INDEX "peserta_pembimbing_idx" ON "peserta" USING btree ("pembimbing_id");--> statement-breakpoint
CREATE INDEX "peserta_instansi_idx" ON "peserta" USING btree ("instansi_id");--> statement-breakpoint
CREATE INDEX "peserta_divisi_idx" ON "peserta" USING btree ("divisi_id");--> statement-breakpoint
CREATE INDEX "reviews_updated_at_idx" ON "reviews" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_unique" ON "users" USING btree (lower("username"));