import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PictureUpload } from "./picture-upload.tsx";

const IMAGE = "/media/uploads/0123456789abcdef0123456789abcdef.w640.webp";

describe("PictureUpload", () => {
  it("offers a file input for the pictures the shop takes, in Spanish", () => {
    const html = renderToString(<PictureUpload onUploaded={() => {}} />);
    expect(html).toContain("Foto del producto");
    expect(html).toContain('type="file"');
    expect(html).toContain('accept="image/jpeg,image/png,image/webp,image/avif,image/gif"');
    expect(html).toContain("hasta 10 MB");
    expect(html).toContain("Sin foto");
    expect(html).toContain('role="status"');
  });

  it("shows the product's current picture by its small version, and takes its own label", () => {
    const html = renderToString(
      <PictureUpload onUploaded={() => {}} current={IMAGE} label="Foto principal" />,
    );
    expect(html).toContain("Foto principal");
    expect(html).toContain(`src="${IMAGE.replace(".w640.webp", ".w320.webp")}"`);
    const drawn = renderToString(<PictureUpload onUploaded={() => {}} current="/media/products/12.svg" />);
    expect(drawn).toContain('src="/media/products/12.w320.webp"');
  });
});
