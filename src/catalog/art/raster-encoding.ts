/**
 * The encoder settings of every raster the shop serves: the drawn pictures that
 * scripts/build-media.ts renders, and the photos staff upload (server/media/process-picture.ts,
 * decision 055). Plain values, no Node imports: sharp takes them as they are.
 *
 * Flat cartoon art survives 4:2:0 chroma well, and AVIF effort 1 costs half the CPU of effort 2
 * for ~10 % more bytes: that keeps a cold build of the whole catalogue (~560 pictures, 4 rasters
 * each) well under a minute on two cores, and an upload's four files to well under a second.
 */
export const avifOptions = { quality: 55, effort: 1, chromaSubsampling: "4:2:0" } as const;
export const webpOptions = { quality: 75, effort: 2 } as const;
