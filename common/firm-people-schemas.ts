import { z } from "zod";
import { CLIENTS_PAGE_SIZE } from "./clients.js";

export const staffRoleSchema = z.object({ role: z.enum(["firm_staff", "firm_admin"]) });

/** /clients list query: server-side search, sort and paging (spec 02 §2 Clients). */
export const clientListQuerySchema = z.object({
  search: z.string().trim().max(200).optional().default(""),
  sort: z.enum(["name", "joined"]).default("joined"),
  dir: z.enum(["asc", "desc"]).default("desc"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;
export const CLIENT_PAGE_SIZE = CLIENTS_PAGE_SIZE;
