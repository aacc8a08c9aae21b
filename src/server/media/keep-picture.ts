import { uploadedFileName, uploadedPicturePath } from "#catalog/art/media-paths.ts";
import type { UploadedPicture } from "#shared/api/back-office-picture-contract.ts";
import { type PictureStore, readBytes } from "./picture-store.ts";
import { checkPictureSize, keptPictureSize, pictureHash, processPicture } from "./process-picture.ts";

/** The picture's file a product names, written last: once it is there, all four are. */
const markerOf = (hash: string) => uploadedFileName(hash, 640, "webp");

/**
 * An uploaded picture processed and kept (decision 055), or found kept already: the same bytes
 * uploaded twice are one set of files, processed once. Its three other files are written before
 * the one a product names, so a picture whose name is known is whole. Throws `PictureError`.
 */
export async function keepPicture(store: PictureStore, bytes: Uint8Array): Promise<UploadedPicture> {
  checkPictureSize(bytes);
  const hash = pictureHash(bytes);
  const image = uploadedPicturePath(hash);
  const kept = await readBytes(store, markerOf(hash));
  if (kept) return { image, ...(await keptPictureSize(kept)) };
  const picture = await processPicture(bytes);
  const marker = picture.files.find((file) => file.name === markerOf(hash));
  if (!marker) throw new Error(`processing gave no ${markerOf(hash)}`);
  await Promise.all(picture.files.filter((file) => file !== marker).map((f) => store.put(f.name, f.bytes)));
  await store.put(marker.name, marker.bytes);
  return { image, width: marker.width, height: marker.height };
}
