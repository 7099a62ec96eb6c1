import { z } from "zod";

/* ---------- one platform of the playbook (docs/decisions/088): the data files' shape ---------- */

const https = z.url({ protocol: /^https$/, hostname: z.regexes.domain });

/**
 * One platform's entry, kept as a data file in common/playbook/ (one per platform): its own legacy
 * tool, what the owner does about it now, what the executor does after a death, and where it was
 * read (`sourceUrl`, `checkedOn`). A new platform is a new file and a line in PLAYBOOK.
 */
export const playbookPlatformSchema = z.strictObject({
  id: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/),
  name: z.string().min(1).max(60),
  toolName: z.string().min(1).max(80),
  /** The platform has a setting the owner can choose ahead (Google, Apple, Facebook). */
  hasOwnerTool: z.boolean(),
  whatItDoes: z.string().min(1).max(500),
  /** What the owner does now: set the tool up, or leave the details their executor needs. */
  ownerSteps: z.array(z.string().min(1).max(300)).min(1).max(8),
  /** The platform's own help page for its legacy tool (or its after-death process). */
  officialUrl: https,
  executorSteps: z.array(z.string().min(1).max(300)).min(1).max(8),
  /** Where the executor makes the request. */
  executorUrl: https,
  /** Where the words above were checked, and when. */
  sourceUrl: https,
  checkedOn: z.iso.date(),
});
export type PlaybookPlatform = z.infer<typeof playbookPlatformSchema>;
