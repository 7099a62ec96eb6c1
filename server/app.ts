import { Hono } from "hono";
import { auditRefusal } from "./audit/refusals.js";
import { authHandler } from "./auth/better-auth-routes.js";
import { firmMembershipRoutes } from "./flows/firm-membership/routes.js";
import { registerRoutes } from "./flows/registration/routes.js";
import { loadSession } from "./sessions/middleware.js";
import { signInQueue } from "./auth/sign-in-queue-middleware.js";
import { AppError, toAppError } from "./errors.js";
import { healthRoutes } from "./health/routes.js";
import type { Deps } from "./deps.js";
import type { AppEnv } from "./http/context.js";
import { requestId } from "./http/request-id.js";
import { clientIp, devOnly, sameOrigin, securityHeaders } from "./http/security.js";
import { staticRoutes } from "./http/static.js";
import { mailboxRoutes } from "./mail/mailbox-routes.js";
import { profileRoutes } from "./profiles/routes.js";
import { emailChangeRoutes } from "./email-change/routes.js";
import { twoFactorRoutes } from "./two-factor/routes.js";
import { sessionRoutes } from "./sessions/routes.js";
import { passkeyRoutes } from "./passkeys/routes.js";
import { firmRoutes } from "./firms/routes.js";
import { firmCodeRoutes } from "./firm-codes/routes.js";
import { invitationRoutes } from "./invitations/routes.js";
import { staffRoutes } from "./staff/routes.js";
import { clientRoutes } from "./clients/routes.js";
import { storageRoutes } from "./storage/routes.js";
import { rateLimit } from "./rate-limit/middleware.js";
import { bodyGate } from "./http/body-gate.js";
import { beneficiaryKeyRoutes } from "./keys/routes.js";
import { ownerKeyRoutes, publicKeyRoutes } from "./keys/owner-key-routes.js";
import { assetRoutes } from "./assets/routes.js";
import { assetAccessRoutes } from "./assets/access-routes.js";
import { assetFileRoutes } from "./assets/file-routes.js";
import { assetUploadRoutes } from "./assets/upload-routes.js";
import { beneficiaryRoutes } from "./beneficiaries/routes.js";
import { dashboardRoutes } from "./dashboard/routes.js";
import { releaseRoutes } from "./release/routes.js";
import { incapacityRoutes } from "./incapacity/routes.js";
import { wishesRoutes } from "./wishes/routes.js";
import { legacyRoutes } from "./legacy/routes.js";
import { executorTaskRoutes } from "./executor-tasks/routes.js";
import { messageRoutes } from "./messages/routes.js";
import { milestoneRoutes } from "./milestones/routes.js";
import { deliveryRoutes } from "./deliveries/routes.js";
import { releaseEvidenceRoutes } from "./release-evidence/routes.js";
import { verifierRoutes } from "./verifiers/routes.js";
import { planHealthRoutes } from "./plan-health/routes.js";
import { playbookRoutes } from "./playbook/routes.js";
import { planStatusRoutes } from "./plan-status/routes.js";
import { clientImportRoutes } from "./client-imports/routes.js";
import { reminderRoutes } from "./reminders/routes.js";
import { rehearsalRoutes } from "./rehearsal/routes.js";
import { verifierReportRoutes } from "./verifier-reports/routes.js";
import { reportDocumentRoutes } from "./verifier-reports/document-routes.js";
import { describeError } from "./logger.js";
import { recordRequests } from "./metrics/middleware.js";
import { WEB_DIST } from "./paths.js";
import type { OffsetClock } from "./clock.js";
import { clockRoutes } from "./release/clock-routes.js";
import { activityRoutes } from "./activity/routes.js";
import { liveRoutes } from "./live/routes.js";
import { accountDeletionRoutes } from "./account-deletion/routes.js";
import { apiKeyRoutes } from "./api-keys/routes.js";
import { webhookRoutes } from "./webhooks/routes.js";
import { firmApiRoutes } from "./flows/firm-api/routes.js";

/** Builds the HTTP app. No I/O here beyond what `deps` already opened. */
export function createApp(deps: Deps, options: { webDist?: string; testClock?: OffsetClock } = {}) {
  const app = new Hono<AppEnv>();
  app.use("*", recordRequests(deps.metrics)); // first: it times the whole answer and reads its final status
  app.use("*", requestId);
  app.use("*", async (c, next) => {
    c.set("deps", deps);
    await next();
  });
  app.use("*", securityHeaders, clientIp);
  app.onError(async (err, c) => {
    const appError = toAppError(err);
    if (!(err instanceof AppError))
      deps.log.error(`${c.req.method} ${c.req.path}: ${describeError(err, { withStack: true })}`);
    await auditRefusal(
      deps,
      {
        ip: c.var.ip ?? null,
        userId: c.var.user?.id ?? null,
        method: c.req.method,
        path: c.req.path,
      },
      err,
    );
    return c.json(appError.toBody(c.var.requestId), appError.status);
  });

  // before /api: machines with a key, no cookies, so no same-origin check (decision 101)
  app.route("/api/v1", firmApiRoutes());
  const api = new Hono<AppEnv>();
  api.use("*", sameOrigin, bodyGate, signInQueue(deps.env.SIGN_IN_CONCURRENCY), rateLimit);
  api.route("/", healthRoutes);
  api.route("/auth", authHandler);
  api.use("*", loadSession);
  api.route("/", registerRoutes);
  api.route("/", profileRoutes);
  api.route("/", emailChangeRoutes);
  api.route("/", sessionRoutes);
  api.route("/", twoFactorRoutes);
  api.route("/", passkeyRoutes);
  api.route("/", firmRoutes);
  api.route("/", firmCodeRoutes);
  api.route("/", firmMembershipRoutes);
  api.route("/", invitationRoutes);
  api.route("/", staffRoutes);
  api.route("/", clientRoutes);
  api.route("/", publicKeyRoutes);
  api.route("/", ownerKeyRoutes);
  api.route("/", beneficiaryKeyRoutes);
  api.route("/", assetRoutes);
  api.route("/", assetAccessRoutes);
  api.route("/", assetFileRoutes);
  api.route("/", assetUploadRoutes);
  api.route("/", beneficiaryRoutes);
  api.route("/", dashboardRoutes);
  api.route("/", releaseRoutes);
  api.route("/", incapacityRoutes);
  api.route("/", wishesRoutes);
  api.route("/", legacyRoutes);
  api.route("/", executorTaskRoutes);
  api.route("/", messageRoutes);
  api.route("/", milestoneRoutes);
  api.route("/", deliveryRoutes);
  api.route("/", releaseEvidenceRoutes);
  api.route("/", verifierRoutes);
  api.route("/", planHealthRoutes);
  api.route("/", playbookRoutes);
  api.route("/", planStatusRoutes);
  api.route("/", clientImportRoutes);
  api.route("/", reminderRoutes);
  api.route("/", rehearsalRoutes);
  api.route("/", verifierReportRoutes);
  api.route("/", reportDocumentRoutes);
  api.route("/", activityRoutes);
  api.route("/", liveRoutes);
  api.route("/", accountDeletionRoutes);
  api.route("/", apiKeyRoutes);
  api.route("/", webhookRoutes);
  api.all("*", notFound);
  app.route("/api", api);
  if (deps.env.NODE_ENV === "production") {
    // Never mounted in production, whatever else is set (docs/decisions/026); answered here, not by the web app's index.html.
    app.all("/dev", notFound);
    app.all("/dev/*", notFound);
  } else {
    const dev = new Hono<AppEnv>(); // every /dev route behind the one guard (devOnly)
    dev.use("*", devOnly);
    dev.route("/", mailboxRoutes({ db: deps.db, isDevMailbox: deps.isDevMailbox }));
    if (options.testClock) dev.route("/", clockRoutes(options.testClock));
    app.route("/dev", dev);
  }
  app.route("/storage", storageRoutes);
  app.route("/", staticRoutes(options.webDist ?? WEB_DIST));
  return app;
}
export type App = ReturnType<typeof createApp>;

const notFound = () => {
  throw new AppError("NOT_FOUND");
};
