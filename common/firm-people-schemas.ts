import { z } from "zod";

export const staffRoleSchema = z.object({ role: z.enum(["firm_staff", "firm_admin"]) });
