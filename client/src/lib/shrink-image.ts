/**
 * A chosen image shrunk in the browser before it is sent: turned upright (the browser applies the
 * EXIF orientation when it decodes), its long side at most `longSide`, written again: a JPEG as JPEG
 * (twice as quick to write as WebP on a phone), anything else as WebP, which keeps transparency (JPEG
 * where the browser cannot write WebP). Drawing it anew leaves every EXIF field behind, the phone's
 * GPS position included, so the original never leaves the device.
 */
export async function shrinkImage(file: Blob, longSide: number): Promise<string> {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  try {
    const scale = Math.min(1, longSide / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d canvas");
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const wanted = file.type === "image/jpeg" ? "image/jpeg" : "image/webp";
    const written = await toBlob(canvas, wanted);
    const blob = written?.type === wanted ? written : await toBlob(canvas, "image/jpeg");
    if (!blob) throw new Error("the canvas wrote nothing");
    return await readAsDataUrl(blob);
  } finally {
    bitmap.close();
  }
}

const toBlob = (canvas: HTMLCanvasElement, type: string) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.85));

export function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}
