import { CLIENT_EDITOR_ROLES, CLIENT_READER_ROLES, GUARD_MSG } from "@common/app";
import type { QueryClient } from "@tanstack/react-query";
import { Outlet, Route, Routes } from "react-router";
import { useMe } from "@/lib/me";
import { Loading } from "@/components/loading";
import { RequireAuth, RequireRole } from "./guards";
import MainLayout from "./main-layout";
import { preloadScreensAt, screen } from "./screen";

/** The frame of a page anyone may reach (the 404): the app shell when signed in; the page's own public frame otherwise. */
function ShellIfSignedIn() {
  const { data: me, isPending } = useMe();
  if (isPending) return <Loading />;
  if (!me) return <Outlet />;
  return <MainLayout />;
}

/**
 * Every address the first pages' table (router.tsx) does not name: the signed-in screens, the
 * firm page and the 404, in a chunk of their own (decision 103), so that a screen added here
 * costs the first pages nothing. Under the root's splat route, so the paths stay absolute.
 */
export default function SignedInRoutes() {
  return <Routes>{table}</Routes>;
}

/** Loads the screen at `pathname` and starts its prefetch (router.tsx: before the table renders). */
export const preloadScreen = (pathname: string, queryClient: QueryClient) =>
  preloadScreensAt(table, pathname, queryClient);

const table = (
  <>
    <Route element={<RequireAuth />}>
      <Route element={<MainLayout />}>
        <Route path="/dashboard" element={screen(() => import("@/routes/dashboard"))} />
        <Route path="/join-firm" element={screen(() => import("@/routes/join-firm"))} />
        {/* One section per address; /profile goes to the first (decision 074). */}
        <Route path="/profile" element={screen(() => import("@/routes/profile"))}>
          <Route path="account" element={screen(() => import("@/routes/profile-account"))} />
          <Route path="security" element={screen(() => import("@/routes/profile-security"))} />
          <Route path="keys" element={screen(() => import("@/routes/profile-keys"))} />
          <Route path="data" element={screen(() => import("@/routes/profile-data"))} />
          <Route path="firm" element={screen(() => import("@/routes/profile-firm"))} />
        </Route>
        <Route path="/profile/inventory" element={screen(() => import("@/routes/inventory"))} />
        <Route path="/activity" element={screen(() => import("@/routes/activity"))} />
        <Route path="/firm/codes" element={screen(() => import("@/routes/firm-codes"))} />
        <Route path="/firm/new" element={screen(() => import("@/routes/firm-new"))} />
        <Route element={<RequireRole roles={["firm_admin"]} />}>
          <Route path="/firm/edit" element={screen(() => import("@/routes/firm-edit"))} />
          <Route path="/firm/api" element={screen(() => import("@/routes/firm-api"))} />
        </Route>
        <Route path="/vault" element={screen(() => import("@/routes/passwords"))} />
        <Route path="/vault/new" element={screen(() => import("@/routes/password-new"))} />
        <Route path="/vault/import" element={screen(() => import("@/routes/password-import"))} />
        <Route path="/vault/:id" element={screen(() => import("@/routes/password-detail"))} />
        <Route path="/documents" element={screen(() => import("@/routes/documents"))} />
        <Route path="/documents/new" element={screen(() => import("@/routes/document-new"))} />
        <Route path="/documents/:id" element={screen(() => import("@/routes/document-detail"))} />
        <Route path="/notes" element={screen(() => import("@/routes/notes"))} />
        <Route path="/notes/new" element={screen(() => import("@/routes/note-new"))} />
        <Route path="/notes/:id" element={screen(() => import("@/routes/note-detail"))} />
        <Route path="/estate" element={screen(() => import("@/routes/estate"))} />
        <Route path="/estate/new" element={screen(() => import("@/routes/estate-new"))} />
        <Route path="/estate/import" element={screen(() => import("@/routes/estate-import"))} />
        <Route path="/estate/print" element={screen(() => import("@/routes/estate-print"))} />
        <Route path="/estate/:id" element={screen(() => import("@/routes/estate-detail"))} />
        <Route path="/wishes/:id?" element={screen(() => import("@/routes/wishes"))} />
        <Route path="/messages" element={screen(() => import("@/routes/messages"))} />
        <Route path="/messages/new" element={screen(() => import("@/routes/message-new"))} />
        <Route path="/messages/:id" element={screen(() => import("@/routes/message-detail"))} />
        <Route path="/beneficiaries" element={screen(() => import("@/routes/beneficiaries"))} />
        <Route
          path="/beneficiaries/new"
          element={screen(() => import("@/routes/beneficiary-new"))}
        />
        <Route
          path="/beneficiaries/edit/:id"
          element={screen(() => import("@/routes/beneficiary-edit"))}
        />
        <Route
          path="/beneficiaries/:id"
          element={screen(() => import("@/routes/beneficiary-detail"))}
        />
        <Route path="/release" element={screen(() => import("@/routes/release"))} />
        <Route
          path="/release/caregivers"
          element={screen(() => import("@/routes/release-caregivers"))}
        />
        <Route
          path="/release/accounts"
          element={screen(() => import("@/routes/release-accounts"))}
        />
        <Route element={<RequireRole roles={CLIENT_READER_ROLES} />}>
          <Route path="/clients" element={screen(() => import("@/routes/clients"))} />
          <Route
            path="/clients/plan-status"
            element={screen(() => import("@/routes/plan-status"))}
          />
        </Route>
        <Route element={<RequireRole roles={CLIENT_EDITOR_ROLES} />}>
          <Route path="/clients/invite" element={screen(() => import("@/routes/client-invite"))} />
          <Route path="/clients/import" element={screen(() => import("@/routes/client-import"))} />
          <Route path="/clients/edit/:id" element={screen(() => import("@/routes/client-edit"))} />
        </Route>
        <Route
          element={<RequireRole roles={CLIENT_READER_ROLES} message={GUARD_MSG.viewClients} />}
        >
          <Route path="/clients/:id" element={screen(() => import("@/routes/client-detail"))} />
        </Route>
        <Route element={<RequireRole roles={["firm_admin"]} message={GUARD_MSG.manageStaff} />}>
          <Route path="/staff" element={screen(() => import("@/routes/staff"))} />
        </Route>
        <Route element={<RequireRole roles={["firm_admin"]} message={GUARD_MSG.inviteStaff} />}>
          <Route path="/staff/invite" element={screen(() => import("@/routes/staff-invite"))} />
        </Route>
      </Route>
    </Route>
    <Route element={<ShellIfSignedIn />}>
      <Route path="/f/:slug" element={screen(() => import("@/routes/firm-page"))} />
      <Route path="*" element={screen(() => import("@/routes/not-found"))} />
    </Route>
  </>
);
