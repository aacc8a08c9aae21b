import { join } from "node:path";
import type { Env } from "../env.ts";
import { directoryPictureStore } from "./directory-store.ts";
import type { PictureStore } from "./picture-store.ts";
import { s3PictureStore } from "./s3-store.ts";

type PictureSettings = Pick<
  Env,
  | "DATA_DIR"
  | "PICTURE_STORE"
  | "S3_ENDPOINT"
  | "S3_BUCKET"
  | "S3_REGION"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_SESSION_TOKEN"
  | "S3_PREFIX"
>;

/** Where the pictures staff upload are kept, as the configuration says (decision 055). */
export function pictureStoreFromEnv(env: PictureSettings): PictureStore {
  if (env.PICTURE_STORE === "directory") return directoryPictureStore(join(env.DATA_DIR, "media", "uploads"));
  const { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId } = env;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY;
  // env.ts refuses PICTURE_STORE=s3 without these; this keeps the types honest.
  if (!endpoint || !bucket || !accessKeyId || !secretAccessKey)
    throw new Error("PICTURE_STORE=s3 is incomplete");
  return s3PictureStore({
    endpoint,
    bucket,
    prefix: env.S3_PREFIX,
    region: env.S3_REGION,
    accessKeyId,
    secretAccessKey,
    sessionToken: env.S3_SESSION_TOKEN,
  });
}
