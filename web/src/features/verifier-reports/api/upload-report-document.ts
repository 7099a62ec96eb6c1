import { uploadFile } from "@/lib/upload";

/** The reporter's document, right after the report: a raw body (413/415 with a message). */
export const uploadReportDocument = (
  path: string,
  file: File,
  headers: Record<string, string> = {},
) =>
  uploadFile<{ ok: true }>(path, file, {
    headers: {
      "content-type": "application/octet-stream",
      "x-file-name": encodeURIComponent(file.name),
      ...headers,
    },
  });
