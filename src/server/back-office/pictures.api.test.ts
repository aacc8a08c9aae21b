import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { rasterVariants, uploadedPictureHash } from "#catalog/art/media-paths.ts";
import {
  PICTURE_FIELD,
  PICTURE_MAX_BYTES,
  pictureApi,
  uploadedPictureSchema,
} from "#shared/api/back-office-picture-contract.ts";
import { auditOf } from "../audit/staff-audit.ts";
import { s3PictureStore } from "../media/s3-store.ts";
import type { StaffBrowser } from "../staff/staff-testing.ts";
import { signedInStaff } from "../testing/back-office-staff.ts";
import { type S3StandIn, STAND_IN_KEY, startS3StandIn } from "../testing/s3-stand-in.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { signUpShopper } from "../testing/test-users.ts";

let api: TestApi;
let owner: StaffBrowser;
let staff: StaffBrowser;
const dataDir = mkdtempSync(join(tmpdir(), "pictures-api-"));
const uploads = join(dataDir, "media", "uploads");

beforeAll(async () => {
  api = await createTestApi({ whole: true, dataDir });
  owner = await signedInStaff(api, "duena.fotos@example.com", "owner");
  staff = await signedInStaff(api, "mozo.fotos@example.com");
});
afterAll(async () => {
  await api.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/** A form with the picture's field, as the back office's file input sends it. */
function formWith(bytes: Uint8Array | string, type = "image/png", field = PICTURE_FIELD): FormData {
  const form = new FormData();
  form.set(
    field,
    new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], { type }),
    "foto.png",
  );
  return form;
}

function upload(body: BodyInit, headers: Record<string, string> = {}, who: StaffBrowser | null = staff) {
  return api.request(pictureApi.upload, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, ...(who ? { cookie: who.cookie() } : {}), ...headers },
    body,
  });
}

async function refusedWith(response: Response, status: number, code: string) {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(response.headers.get("content-type")).toContain("application/json");
  expect(errorSchema.parse(JSON.parse(text)).error.code).toBe(code);
}

const keptFiles = () => readdirSync(uploads, { withFileTypes: false }).sort();

async function photo(width: number, height: number, colour = "#3366cc") {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

describe("POST /api/gestion/pictures", () => {
  it("is for signed-in staff only, from the shop's own pages", async () => {
    const png = await photo(50, 50);
    await refusedWith(await upload(formWith(png), {}, null), 401, "unauthorized");
    const shopper = await signUpShopper(api, "cliente.fotos@example.com");
    await refusedWith(await upload(formWith(png), { cookie: shopper }, null), 401, "unauthorized");
    await refusedWith(
      await upload(formWith(png), { origin: "https://evil.example" }),
      403,
      "cross-site-request",
    );
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it("keeps a staff member's picture as four files, answers its path and audits the upload", async () => {
    const png = await photo(1600, 1200);
    const response = await upload(formWith(png));
    const text = await response.text();
    expect(response.status, text).toBe(201);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const answer = uploadedPictureSchema.parse(JSON.parse(text));
    expect(answer).toMatchObject({ width: 640, height: 480 });
    const hash = uploadedPictureHash(answer.image);
    expect(answer.image).toBe(`/media/uploads/${hash}.w640.webp`);
    expect(keptFiles()).toEqual(
      [`${hash}.w320.avif`, `${hash}.w320.webp`, `${hash}.w640.avif`, `${hash}.w640.webp`].sort(),
    );
    expect(await sharp(join(uploads, `${hash}.w320.webp`)).metadata()).toMatchObject({
      width: 320,
      height: 240,
    });

    const audit = await auditOf(api.database.db, "picture", hash ?? "");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "picture.upload", actor: "mozo.fotos@example.com" });
    expect(audit[0]?.after).toMatchObject({
      image: answer.image,
      width: 640,
      height: 480,
      bytes: png.byteLength,
    });

    // Served by the shop at the paths the product image's <picture> asks for.
    for (const variant of rasterVariants(answer.image)) {
      for (const [path, type] of [
        [variant.avif, "image/avif"],
        [variant.webp, "image/webp"],
      ] as const) {
        const served = await api.request(path);
        expect(served.status, path).toBe(200);
        expect(served.headers.get("content-type")).toBe(type);
        expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        expect((await served.arrayBuffer()).byteLength).toBe(
          statSync(join(uploads, path.split("/").pop() ?? "")).size,
        );
      }
    }
  });

  it("keeps the same picture uploaded twice once, its files untouched", async () => {
    const jpeg = await sharp({ create: { width: 300, height: 500, channels: 3, background: "#cc3300" } })
      .jpeg()
      .toBuffer();
    const first = uploadedPictureSchema.parse(
      await (await upload(formWith(jpeg, "image/jpeg"), {}, owner)).json(),
    );
    const file = join(uploads, first.image.split("/").pop() ?? "");
    const written = statSync(file).mtimeMs;
    const files = keptFiles();
    const again = await upload(formWith(jpeg, "image/jpeg"));
    expect(again.status).toBe(201);
    expect(uploadedPictureSchema.parse(await again.json())).toEqual({ ...first, width: 300, height: 500 });
    expect(keptFiles()).toEqual(files);
    expect(statSync(file).mtimeMs).toBe(written);
    const audit = await auditOf(api.database.db, "picture", uploadedPictureHash(first.image) ?? "");
    expect(audit.map((entry) => entry.actor)).toEqual(["duena.fotos@example.com", "mozo.fotos@example.com"]);
  });

  it("answers picture-missing for a form without the file, or a body that is no form", async () => {
    const before = keptFiles();
    await refusedWith(
      await upload(formWith(await photo(10, 10), "image/png", "foto")),
      400,
      "picture-missing",
    );
    const text = new FormData();
    text.set(PICTURE_FIELD, "no soy un fichero");
    await refusedWith(await upload(text), 400, "picture-missing");
    await refusedWith(await upload(formWith(new Uint8Array(0))), 400, "picture-missing");
    await refusedWith(
      await upload(JSON.stringify({ picture: "x" }), { "content-type": "application/json" }),
      400,
      "picture-missing",
    );
    await refusedWith(
      await upload("--x\r\nbroken", { "content-type": "multipart/form-data; boundary=other" }),
      400,
      "picture-missing",
    );
    expect(keptFiles()).toEqual(before);
  });

  it("refuses an SVG, bytes that are no picture and a picture that does not decode", async () => {
    const before = keptFiles();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    await refusedWith(await upload(formWith(svg, "image/svg+xml")), 415, "picture-type");
    await refusedWith(await upload(formWith("hola", "image/png")), 415, "picture-type");
    const png = await photo(200, 200);
    await refusedWith(await upload(formWith(png.subarray(0, 60))), 422, "picture-unreadable");
    expect(keptFiles()).toEqual(before);
  });

  it("refuses a body over 10 MB from its length, or as it is counted, and more than 40 megapixels", async () => {
    const before = keptFiles();
    const big = new Uint8Array(PICTURE_MAX_BYTES + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const tooLong = { "content-type": "multipart/form-data; boundary=x", "content-length": "20000000" };
    await refusedWith(await upload(formWith(big)), 413, "picture-too-large");
    await refusedWith(await upload("x", tooLong), 413, "picture-too-large");
    // A length stated too large is refused before the guard, signed in or not; a counted body
    // without a session meets the guard first, which answers without reading it.
    await refusedWith(await upload("x", tooLong, null), 413, "picture-too-large");
    await refusedWith(await upload(formWith(big), {}, null), 401, "unauthorized");
    // Only the upload's path takes a larger body than the API's 64 KiB.
    const aside = await api.request(`${pictureApi.upload}/`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, cookie: staff.cookie() },
      body: formWith(new Uint8Array(100_000)),
    });
    await refusedWith(aside, 413, "body-too-large");
    const huge = await sharp({ create: { width: 8_001, height: 5_000, channels: 3, background: "#fff" } })
      .greyscale()
      .png({ compressionLevel: 1 })
      .toBuffer();
    await refusedWith(await upload(formWith(huge)), 422, "picture-too-many-pixels");
    expect(keptFiles()).toEqual(before);
  });
});

describe("pictures in an S3-compatible bucket (PICTURE_STORE=s3, against a local stand-in)", () => {
  let standIn: S3StandIn;
  let bucketApi: TestApi;
  let member: StaffBrowser;
  // A second shop with its own database: more time than one test's on a busy machine.
  beforeAll(async () => {
    standIn = await startS3StandIn();
    const pictures = s3PictureStore({
      ...STAND_IN_KEY,
      endpoint: standIn.endpoint,
      bucket: standIn.bucket,
      prefix: "media/uploads/",
    });
    bucketApi = await createTestApi({ whole: true, pictures });
    member = await signedInStaff(bucketApi, "fotos.s3@example.com");
  }, 120_000);
  afterAll(async () => {
    await bucketApi?.close();
    await standIn?.close();
  });

  it("keeps the four files in the bucket and serves them from it", async () => {
    const response = await bucketApi.request(pictureApi.upload, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, cookie: member.cookie() },
      body: formWith(await photo(900, 300, "#22aa55")),
    });
    const text = await response.text();
    expect(response.status, text).toBe(201);
    const answer = uploadedPictureSchema.parse(JSON.parse(text));
    expect(answer).toMatchObject({ width: 640, height: 213 });
    const keys = rasterVariants(answer.image).flatMap((v) => [v.avif, v.webp].map((path) => path.slice(1)));
    expect([...standIn.objects.keys()].sort()).toEqual(keys.sort());
    const served = await bucketApi.request(answer.image);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    const kept = standIn.objects.get(answer.image.slice(1))?.bytes;
    expect(Buffer.from(await served.arrayBuffer())).toEqual(kept);
    const hash = uploadedPictureHash(answer.image) ?? "";
    const other = `${hash.startsWith("f") ? "0" : "f"}${hash.slice(1)}`;
    const missing = await bucketApi.request(`/media/uploads/${other}.w640.webp`);
    expect([missing.status, await missing.text()]).toEqual([404, "Not found"]);
  });
});
