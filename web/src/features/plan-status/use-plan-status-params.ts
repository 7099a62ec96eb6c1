import {
  PLAN_STATUS_FILTERS,
  PLAN_STATUS_SORTS,
  type PlanStatusFilter,
  type PlanStatusSort,
} from "@common/plan-status";
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { DEFAULT_PLAN_STATUS, type PlanStatusParams } from "./api/list-plan-status";

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.find((x) => x === value);

/** The sort, direction and filter in the query string (?sort=&dir=&filter=); unknown values fall back. */
export function readPlanStatusParams(sp: URLSearchParams): PlanStatusParams {
  return {
    sort: oneOf<PlanStatusSort>(PLAN_STATUS_SORTS, sp.get("sort")) ?? DEFAULT_PLAN_STATUS.sort,
    dir: oneOf(["asc", "desc"] as const, sp.get("dir")) ?? DEFAULT_PLAN_STATUS.dir,
    filter:
      oneOf<PlanStatusFilter>(PLAN_STATUS_FILTERS, sp.get("filter")) ?? DEFAULT_PLAN_STATUS.filter,
  };
}

/** The list's state lives in the URL, so reload, back and shared links show the same list. */
export function usePlanStatusParams() {
  const [sp, setSp] = useSearchParams();
  const params = readPlanStatusParams(sp);
  const update = useCallback(
    (patch: Partial<PlanStatusParams>) =>
      setSp((prev) => {
        const next = { ...readPlanStatusParams(prev), ...patch };
        const out = new URLSearchParams();
        for (const key of ["sort", "dir", "filter"] as const)
          if (next[key] !== DEFAULT_PLAN_STATUS[key]) out.set(key, next[key]);
        return out;
      }),
    [setSp],
  );
  return [params, update] as const;
}
