import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { DEFAULT_CLIENT_LIST, type ClientListParams } from "./api/list-clients";

/** The list's search, sort, page and cursor as they stand in the query string (?search=&sort=&dir=&page=&cursor=). */
export function readClientListParams(sp: URLSearchParams): ClientListParams {
  const sort = sp.get("sort") === "name" ? "name" : "joined";
  const dir =
    sp.get("dir") === "asc" || sp.get("dir") === "desc"
      ? (sp.get("dir") as "asc" | "desc")
      : sort === "name"
        ? "asc"
        : "desc";
  const page = Number.parseInt(sp.get("page") ?? "", 10);
  const cursor = sp.get("cursor");
  return {
    search: (sp.get("search") ?? "").trim(),
    sort,
    dir,
    page: Number.isFinite(page) && page > 0 ? page : 1,
    ...(cursor ? { cursor } : {}),
  };
}

function toSearchParams(p: ClientListParams): URLSearchParams {
  const sp = new URLSearchParams();
  if (p.search) sp.set("search", p.search);
  if (p.sort !== DEFAULT_CLIENT_LIST.sort || p.dir !== DEFAULT_CLIENT_LIST.dir) {
    sp.set("sort", p.sort);
    sp.set("dir", p.dir);
  }
  if (p.page > 1) sp.set("page", String(p.page));
  if (p.cursor) sp.set("cursor", p.cursor);
  return sp;
}

/**
 * The client list's state lives in the URL, so reload, back and shared links show the same
 * page. `update` merges a change; typing replaces the history entry, other changes add one. A
 * cursor stays only with the page change that passes it: it belongs to one search and sort.
 */
export function useClientListParams() {
  const [sp, setSp] = useSearchParams();
  const params = readClientListParams(sp);
  const update = useCallback(
    (patch: Partial<ClientListParams>, options: { replace?: boolean } = {}) =>
      setSp(
        (prev) => toSearchParams({ ...readClientListParams(prev), cursor: undefined, ...patch }),
        {
          replace: options.replace,
        },
      ),
    [setSp],
  );
  return [params, update] as const;
}
