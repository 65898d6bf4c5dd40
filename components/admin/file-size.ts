/** A file's size for people: "512 B", "48.1 kB", "1.2 MB" in the user's number format. */
const size = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
export const fileSize = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${size.format(bytes / 1024)} kB` : `${size.format(bytes / 1024 / 1024)} MB`;
