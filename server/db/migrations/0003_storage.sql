CREATE TABLE "storage_objects" (
	"bucket" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_objects_bucket_name_pk" PRIMARY KEY("bucket","name")
);
