-- Web Push: push_langganan holds one browser PushSubscription per device and user (unique endpoint);
-- push_antrian the pushes still to send, one per subscription of a notification's recipient, written in
-- the notification's transaction and drained by the sender (FOR UPDATE SKIP LOCKED, a lease while sending).
CREATE TABLE "push_antrian" (
	"id" serial PRIMARY KEY NOT NULL,
	"langganan_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"kirim_setelah" timestamp with time zone DEFAULT now() NOT NULL,
	"sewa_sampai" timestamp with time zone,
	"percobaan" integer DEFAULT 0 NOT NULL,
	"pagi" boolean DEFAULT false NOT NULL,
	"dibuat" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_langganan" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"dibuat" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_langganan_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
ALTER TABLE "push_antrian" ADD CONSTRAINT "push_antrian_langganan_id_push_langganan_id_fk" FOREIGN KEY ("langganan_id") REFERENCES "public"."push_langganan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_langganan" ADD CONSTRAINT "push_langganan_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_antrian_kirim_setelah_idx" ON "push_antrian" USING btree ("kirim_setelah");--> statement-breakpoint
CREATE INDEX "push_antrian_langganan_idx" ON "push_antrian" USING btree ("langganan_id");--> statement-breakpoint
CREATE INDEX "push_langganan_user_idx" ON "push_langganan" USING btree ("user_id");