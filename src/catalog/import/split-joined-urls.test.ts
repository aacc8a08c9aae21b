import { describe, expect, it } from "vitest";
import { repairJoinedImages, splitJoinedUrls } from "./split-joined-urls.ts";

describe("splitJoinedUrls", () => {
  it("splits two absolute URLs written one after the other", () => {
    expect(splitJoinedUrls("https://img.example/a.jpghttps://img.example/b.jpg")).toEqual([
      "https://img.example/a.jpg",
      "https://img.example/b.jpg",
    ]);
  });

  it("splits two root-relative paths and a path glued to a URL", () => {
    expect(splitJoinedUrls("/media/x.svg/media/y.svg")).toEqual(["/media/x.svg", "/media/y.svg"]);
    expect(splitJoinedUrls("/media/x.PNGhttp://cdn.example/y.png")).toEqual([
      "/media/x.PNG",
      "http://cdn.example/y.png",
    ]);
  });

  it("splits URLs joined by a space, and trims both", () => {
    expect(splitJoinedUrls("https://img.example/a.jpg https://img.example/b.jpg")).toEqual([
      "https://img.example/a.jpg",
      "https://img.example/b.jpg",
    ]);
  });

  it("leaves sound values whole, including hosts, query strings and embedded URLs", () => {
    for (const value of [
      "",
      "/media/products/12-1.svg",
      "https://shop.example/media/a.jpg",
      "https://cdn.example/v1.2/a.webp?w=320",
      "https://proxy.example/?src=https://img.example/a.jpg",
      "https://web.archive.example/2020/https://img.example/a.jpg",
    ]) {
      expect(splitJoinedUrls(value)).toEqual(value === "" ? [] : [value]);
    }
  });
});

const extras = (imagen1: string, imagen2: string, imagen3: string) => ({ imagen1, imagen2, imagen3 });
const repair = (field: string, message: string) => ({ kind: "repair", field, message });

describe("repairJoinedImages", () => {
  it("moves each split-off URL to the first free slot, imagen first", () => {
    const record = {
      imagen: "/media/a.svg/media/b.svg",
      otrasImagenes: extras("/media/c.svg/media/d.svg", "", ""),
    };
    const { record: repaired, notes } = repairJoinedImages(record);
    expect(repaired).toEqual({
      imagen: "/media/a.svg",
      otrasImagenes: extras("/media/c.svg", "/media/b.svg", "/media/d.svg"),
    });
    expect(notes).toEqual([
      repair(
        "imagen",
        'held joined URLs; kept "/media/a.svg", split off "/media/b.svg" and moved it to imagen2.',
      ),
      repair(
        "imagen1",
        'held joined URLs; kept "/media/c.svg", split off "/media/d.svg" and moved it to imagen3.',
      ),
    ]);
    expect(record.imagen).toBe("/media/a.svg/media/b.svg");
  });

  it("drops the second URL, and says so, when no slot is free", () => {
    const record = {
      imagen: "/media/a.svg/media/b.svg",
      otrasImagenes: extras("/media/c.svg", "/media/d.svg", "/media/e.svg"),
    };
    const { record: repaired, notes } = repairJoinedImages(record);
    expect(repaired).toEqual({ ...record, imagen: "/media/a.svg" });
    expect(notes).toEqual([
      repair(
        "imagen",
        'held joined URLs; kept "/media/a.svg", split off "/media/b.svg" and dropped it: no extra-image slot was free.',
      ),
    ]);
  });

  it("gives a product without extra pictures the slots it needs", () => {
    const { record } = repairJoinedImages({ imagen: "/media/a.svg/media/b.svg", otrasImagenes: undefined });
    expect(record.otrasImagenes).toEqual(extras("/media/b.svg", "", ""));
  });

  it("returns the very same record when nothing is joined", () => {
    const record = { imagen: "/media/a.svg", otrasImagenes: extras("", "", "") };
    expect(repairJoinedImages(record)).toEqual({ record, notes: [] });
    expect(repairJoinedImages(record).record).toBe(record);
  });
});
