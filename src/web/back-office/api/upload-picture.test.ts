import { afterEach, describe, expect, it, vi } from "vitest";
import { PICTURE_MAX_BYTES } from "#shared/api/back-office-picture-contract.ts";
import { StaffApiError } from "./staff-api-error.ts";
import { pictureAnswer, pictureErrorMessage, pictureFileProblem, uploadPicture } from "./upload-picture.ts";

const IMAGE = "/media/uploads/0123456789abcdef0123456789abcdef.w640.webp";
const file = (size: number, type: string) => new File([new Uint8Array(size)], "foto", { type });

describe("pictureFileProblem", () => {
  it("spares an upload the server would refuse by its size or declared type", () => {
    expect(pictureFileProblem(undefined)).toBe("picture-missing");
    expect(pictureFileProblem(file(0, "image/png"))).toBe("picture-missing");
    expect(pictureFileProblem(file(PICTURE_MAX_BYTES + 1, "image/jpeg"))).toBe("picture-too-large");
    expect(pictureFileProblem(file(10, "image/svg+xml"))).toBe("picture-type");
    expect(pictureFileProblem(file(10, "image/heic"))).toBe("picture-type");
    expect(pictureFileProblem(file(PICTURE_MAX_BYTES, "image/jpeg"))).toBeNull();
    // A type the browser does not know is left to the server, which reads the bytes.
    expect(pictureFileProblem(file(10, ""))).toBeNull();
  });
});

describe("pictureAnswer", () => {
  it("reads the kept picture from a 201", () => {
    const text = JSON.stringify({ image: IMAGE, width: 640, height: 480 });
    expect(pictureAnswer(201, "Created", text)).toEqual({ image: IMAGE, width: 640, height: 480 });
    expect(() =>
      pictureAnswer(201, "Created", JSON.stringify({ image: "/x.png", width: 1, height: 1 })),
    ).toThrow();
  });

  it("turns a refusal into the staff API's error, even without a JSON body", () => {
    const refused = () =>
      pictureAnswer(415, "Unsupported", JSON.stringify({ error: { code: "picture-type", message: "no" } }));
    expect(refused).toThrow(StaffApiError);
    try {
      refused();
    } catch (error) {
      expect(error).toMatchObject({ status: 415, code: "picture-type" });
    }
    expect(() => pictureAnswer(413, "Request Entity Too Large", "<html>nginx</html>")).toThrow(
      expect.objectContaining({ status: 413, code: "http-error" }),
    );
  });
});

describe("pictureErrorMessage", () => {
  it("says each refusal in Spanish, and leaves the rest to the back office's messages", () => {
    expect(pictureErrorMessage("picture-too-large")).toContain("10 MB");
    expect(pictureErrorMessage(new StaffApiError(415, "picture-type", "x"))).toContain(
      "JPEG, PNG, WebP, AVIF o GIF",
    );
    expect(pictureErrorMessage(new StaffApiError(422, "picture-unreadable", "x"))).toContain("dañada");
    expect(pictureErrorMessage(new StaffApiError(401, "unauthorized", "x"))).toBe(
      "Tu sesión ha terminado. Vuelve a entrar.",
    );
    expect(pictureErrorMessage(new TypeError("offline"))).toContain("No hay conexión");
  });
});

/** Just enough of XMLHttpRequest for the helper: what it was sent, and a hand on its events. */
class FakeRequest {
  static last: FakeRequest | undefined;
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = "";
  responseText = "";
  aborted = false;
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

describe("uploadPicture", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("posts the file in the picture field, tells its progress and answers the kept picture", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeRequest);
    const sent: number[] = [];
    const photo = file(2000, "image/png");
    const done = uploadPicture(photo, { onProgress: (part) => sent.push(part) });
    const request = FakeRequest.last;
    if (!request) throw new Error("nothing sent");
    expect([request.method, request.url]).toEqual(["POST", "/api/gestion/pictures"]);
    expect(request.body).toBeInstanceOf(FormData);
    expect((request.body as FormData).get("picture")).toBeInstanceOf(File);
    request.upload.onprogress?.({ lengthComputable: true, loaded: 500, total: 2000 });
    request.upload.onprogress?.({ lengthComputable: true, loaded: 2000, total: 2000 });
    request.answer(201, JSON.stringify({ image: IMAGE, width: 320, height: 200 }));
    expect(await done).toEqual({ image: IMAGE, width: 320, height: 200 });
    expect(sent).toEqual([0.25, 1]);
  });

  it("rejects with the refusal, a lost connection, or a cancel", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeRequest);
    const refused = uploadPicture(file(10, "image/png"));
    FakeRequest.last?.answer(422, JSON.stringify({ error: { code: "picture-unreadable", message: "x" } }));
    await expect(refused).rejects.toMatchObject({ code: "picture-unreadable" });
    const lost = uploadPicture(file(10, "image/png"));
    FakeRequest.last?.onerror?.();
    await expect(lost).rejects.toBeInstanceOf(TypeError);
    const controller = new AbortController();
    const cancelled = uploadPicture(file(10, "image/png"), { signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: "AbortError" });
    expect(FakeRequest.last?.aborted).toBe(true);
  });
});
