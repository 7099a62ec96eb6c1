import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "./client.js";

/** The roles the app's tenant queries run as (server/db/actor.ts). */
export const APP_ROLES = ["lv_app", "lv_client_view"];

type RoleFinding = { kind: "attribute" | "owner" | "no_rls"; role: string; detail: string };

/**
 * Refuses to serve when a role that the app runs tenant queries as could skip row-level
 * security: a superuser or BYPASSRLS role (itself or one it can SET ROLE to), the owner of a
 * table (owners skip its policies unless FORCE), or a table it can use that has RLS off, even
 * through a column-level grant only (as lv_client_view's: has_any_column_privilege sees those,
 * has_table_privilege does not; DELETE has no column form).
 * The same check on PGlite and PostgreSQL (docs/decisions/021-database-guards.md).
 */
export async function assertRowLevelSecurity(db: Db): Promise<void> {
  const roles = sql.join(
    APP_ROLES.map((r) => sql`${r}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select 'attribute' as kind, app.rolname as role,
           case when r.rolsuper then 'SUPERUSER' else 'BYPASSRLS' end
             || case when r.oid <> app.oid then ' through ' || r.rolname else '' end as detail
      from pg_roles app
      join pg_roles r on pg_has_role(app.oid, r.oid, 'MEMBER')
     where app.rolname in (${roles}) and (r.rolsuper or r.rolbypassrls)
    union all
    select 'owner', app.rolname, c.relname
      from pg_roles app
      join pg_class c on c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
     where app.rolname in (${roles})
       and pg_has_role(app.oid, c.relowner, 'USAGE') and not c.relforcerowsecurity
    union all
    select 'no_rls', app.rolname, c.relname
      from pg_roles app
      join pg_class c on c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
     where app.rolname in (${roles})
       and not c.relrowsecurity
       and (has_any_column_privilege(app.oid, c.oid, 'SELECT, INSERT, UPDATE') or has_table_privilege(app.oid, c.oid, 'DELETE'))
     order by 1, 2, 3`);
  const findings = rowsOf<RoleFinding>(result);
  if (findings.length > 0) throw new UnsafeAppRoleError(findings.map(describe).join("\n"));
}

function describe({ kind, role, detail }: RoleFinding): string {
  if (kind === "attribute") {
    const fix = detail.includes(" through ")
      ? `REVOKE ${detail.split(" through ")[1]} FROM ${role}`
      : `ALTER ROLE ${role} NO${detail}`;
    return `The database role ${role} bypasses row-level security (${detail}): the app refuses to run its queries as this role. Run ${fix}.`;
  }
  if (kind === "owner") {
    return `The database role ${role} owns ${detail}, so row-level security does not apply to it: the app refuses to run its queries as this role. Give ${detail} back to the role that migrates.`;
  }
  return `Row-level security is off on ${detail}, which ${role} can read or write: the app refuses to serve. Run ALTER TABLE ${detail} ENABLE ROW LEVEL SECURITY.`;
}

/** The database would let the app's queries see other tenants' rows: start-up stops with this message. */
export class UnsafeAppRoleError extends Error {}
