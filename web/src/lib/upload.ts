import { ApiError } from "./api-client";

export type UploadOptions = {
  method?: "PUT" | "POST";
  /** Called with the share of the body sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Extra request headers; a `content-type` here replaces the file's own type. */
  headers?: Record<string, string>;
};

type ErrorBody = {
  error?: {
    code?: string;
    message?: string;
    authCode?: string;
    fields?: Record<string, string>;
    requestId?: string;
  };
};

/** The ApiError that `api` would throw for the same answer (the server's code and message, or a generic one). */
export function toApiError(status: number, text: string): ApiError {
  let err: ErrorBody["error"];
  try {
    err = (JSON.parse(text) as ErrorBody | null)?.error;
  } catch {
    err = undefined;
  }
  return new ApiError(
    status,
    err?.code ?? "HTTP_" + status,
    err?.message ?? "An unexpected error occurred. Please try again.",
    err?.authCode,
    err?.fields,
    err?.requestId,
  );
}

/**
 * The one way to send a binary body (a file) with upload progress: fetch() cannot report it,
 * XMLHttpRequest can. Same-origin with the session cookie, the file's type as Content-Type;
 * the JSON answer is returned, and failures arrive as ApiError like those of `api` (kept out
 * of api-client.ts, which every first visit loads).
 */
export function uploadFile<T>(
  path: string,
  file: Blob,
  { method = "PUT", onProgress, signal, headers = {} }: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException("Upload aborted", "AbortError"));
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.withCredentials = true;
    // setRequestHeader appends to a header set twice, so the caller's headers are merged first.
    const all: Record<string, string> = { "content-type": file.type || "application/octet-stream" };
    for (const [name, value] of Object.entries(headers)) all[name.toLowerCase()] = value;
    for (const [name, value] of Object.entries(all)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300)
        return reject(toApiError(xhr.status, xhr.responseText));
      onProgress?.(1);
      try {
        resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
      } catch {
        reject(toApiError(xhr.status, ""));
      }
    };
    xhr.onerror = () =>
      reject(
        new ApiError(
          0,
          "NETWORK",
          "Could not reach the server. Check your connection and try again.",
        ),
      );
    xhr.onabort = () => reject(new DOMException("Upload aborted", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
