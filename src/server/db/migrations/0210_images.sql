-- Images in documents (issue 32). `images` is one stored picture: its owner (the owner of
-- the document it was uploaded to, whose plan's storage quota it counts against), its
-- sniffed type, size and pixel dimensions, and the key its bytes are stored under (in
-- image_blobs for the built-in store, or the S3 bucket). `document_images` says which
-- documents may show it: a reader of any of them may fetch it; an image no document
-- references any more (its last document deleted for good) is deleted with its bytes.
CREATE TABLE IF NOT EXISTS images (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL,
  content_type text NOT NULL,
  byte_size integer NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  storage_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS images_owner_idx ON images (owner_id);

CREATE TABLE IF NOT EXISTS document_images (
  document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  image_id uuid NOT NULL REFERENCES images(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (document_id, image_id)
);
CREATE INDEX IF NOT EXISTS document_images_image_idx ON document_images (image_id);

-- The built-in store: the bytes live in the database, so a database backup holds them.
CREATE TABLE IF NOT EXISTS image_blobs (
  storage_key text PRIMARY KEY,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
