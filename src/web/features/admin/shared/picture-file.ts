/** A picture file an admin picks, checked in the browser before it is sent (the server checks the bytes again). */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The server's limit (contract/schemas/pictures.ts): 2 MB. */
export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** What is wrong with the file, in plain words, or null when it may be sent. */
export function pictureProblem(file: File): string | null {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) {
    return `“${file.name}” is not a JPEG, PNG or WebP picture. Choose a picture in one of those formats.`;
  }
  if (file.size > MAX_PICTURE_BYTES) {
    return `“${file.name}” is ${megabytes(file.size)}: a picture may be at most 2 MB. Choose a smaller one.`;
  }
  return null;
}

/** The file as a data: URL, which both shows it (the preview) and carries it (the upload's body). */
export const readAsDataUrl = (file: File): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
