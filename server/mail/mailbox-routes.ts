import { Hono } from "hono";
import { AppError } from "../errors.js";
import type { Db } from "../db/client.js";
import { expireOutbox, listOutbox } from "./outbox.js";
import { escapeHtml } from "./templates.js";

function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

/**
 * Showing a message here is its delivery: it stays readable until its link or code expires, and is
 * erased then (on the next look, or by housekeeping), as a sent message would be.
 */
async function listMailbox(db: Db) {
  await expireOutbox(db);
  return listOutbox(db);
}

const ERASED_NOTE = "(Erased: the link or code in this message has expired.)";

/**
 * Development mailbox: every message the app would have sent, with clickable links.
 * Only without SMTP_URL; and, as every /dev route, only for requests from this machine that no
 * proxy relayed (devOnly in server/http/security.ts, mounted in server/app.ts): it shows everyone's links.
 * Handed the database and the mail setting, not the request's Deps: mail/ stands under deps.ts.
 */
export const mailboxRoutes = ({ db, isDevMailbox }: { db: Db; isDevMailbox: boolean }) =>
  new Hono()
    .use("/mailbox*", async (_c, next) => {
      if (!isDevMailbox) throw new AppError("NOT_FOUND");
      await next();
    })
    .get("/mailbox.json", async (c) => {
      const rows = await listMailbox(db);
      return c.json({
        messages: rows.map((m) => ({
          id: m.id,
          to: m.to,
          template: m.template,
          status: m.status,
          subject: m.subject,
          text: m.text,
          createdAt: m.createdAt.toISOString(),
        })),
      });
    })
    .get("/mailbox", async (c) => {
      const rows = await listMailbox(db);
      const items = rows
        .map(
          (m) =>
            `<article><h2>${escapeHtml(m.subject || m.template)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(m.createdAt.toISOString())}</p><pre>${m.status === "expired" ? ERASED_NOTE : linkify(m.text)}</pre></article>`,
        )
        .join("\n");
      return c.html(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev mailbox · Legacy Vault</title><link rel="stylesheet" href="/dev/mailbox.css"></head><body><main><h1>Development mailbox</h1><p>Mail is not delivered: SMTP_URL is not set. Newest first.</p>${items || "<p>No messages yet.</p>"}</main></body></html>`,
      );
    })
    .get("/mailbox.css", (c) => {
      const css =
        "body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#111}article{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;font-family:inherit}.meta{color:#444}a{color:#1d4ed8}";
      return c.body(css, 200, { "Content-Type": "text/css; charset=utf-8" });
    });
