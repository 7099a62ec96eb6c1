import { PROFILE_PATHS } from "@common/profiles";
import { Outlet, useLocation } from "react-router";
import { BeneficiaryNamesProvider } from "@/lib/beneficiary-names";
import { useMe } from "@/lib/me";
import { AboutLinks } from "@/components/about-links";
import { Loading } from "@/components/loading";
import { InMainLandmark } from "@/components/missing-chunk-screen";
import { DeletionPendingBanner } from "@/features/account-deletion/components/deletion-pending-banner";
import { VaultSearch } from "@/features/assets/vault-search/vault-search";
import { useBeneficiaryNames } from "@/features/beneficiaries/use-name-of";
import { RecoveryKeyAfterMoveOver } from "@/components/keys/recovery-key-after-move-over";
import { FinishFirmRegistration } from "./finish-firm-registration";
import { VaultLockScreen } from "@/components/keys/vault-lock-screen";
import { VaultUnlockDialog } from "@/components/keys/vault-unlock-dialog";
import { useAutoLock } from "@/lib/keys/use-auto-lock";
import { useMoveOverOnce } from "@/lib/keys/use-move-over";
import { useMoveOverTitlesOnce } from "@/features/assets/titles/use-move-over-titles";
import { useVaultLock } from "@/lib/keys/vault-lock-state";
import { DesktopSidebar } from "./sidebar/desktop-sidebar";
import { MobileBar } from "./sidebar/mobile-bar";
import { sidebarFor } from "./sidebar/sidebar-items";
import { useLogout } from "./sidebar/use-logout";
import { useSidebarState } from "./sidebar/use-sidebar-state";
import { useLiveUpdates } from "./use-live-updates";

/**
 * The signed-in frame (spec 02 'Layout and sidebar'): the role's sidebar beside the screen on
 * desktop (Ctrl/Cmd + B collapses it to icons), a top bar with a slide-in drawer below 768 px.
 * Public pages do not use this layout, so visitors never see a sidebar. Printed,
 * the screen stands alone: no sidebar, top bar or footer. A locked vault (decision 046) shows
 * its unlock dialog over the frame; the screen meanwhile is gone, or hidden and kept as it is
 * when a form on it had unsaved changes. A pending account deletion (decision 042) is shown
 * above every screen.
 */
export default function MainLayout() {
  const { data: me } = useMe();
  const sidebar = useSidebarState();
  // Every role: an individual who registered a firm is its admin and keeps their items. It lists
  // only the signed-in user's own keys (never a client's, also in View as Client), and fetches
  // the data key only when something is pending.
  useMoveOverOnce(!!me);
  useMoveOverTitlesOnce(!!me); // items stored before titles were sealed (decision 080)
  useLiveUpdates(!!me);
  useAutoLock(me?.id ?? "");
  const lock = useVaultLock();
  const { logout, isPending: isSigningOut } = useLogout();
  const { pathname } = useLocation();
  if (!me) return <Loading />; // RequireAuth renders this layout only with a user
  const isScreenShown = !lock.isLocked || lock.keepsScreen;
  return (
    <div className="min-h-dvh bg-muted md:flex print:block print:bg-white">
      <a
        href="#main"
        className="sr-only print:hidden focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-card focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to main content
      </a>
      {sidebar.isMobile ? (
        <MobileBar me={me} sidebar={sidebar} />
      ) : (
        <DesktopSidebar me={me} sidebar={sidebar} />
      )}
      <main
        id="main"
        tabIndex={-1}
        className="min-w-0 flex-1 px-4 py-6 focus:outline-none md:px-8 print:p-0"
      >
        <div className="mx-auto max-w-5xl" hidden={lock.isLocked}>
          {/* The profile's own "Delete account" card says the same. */}
          {pathname !== PROFILE_PATHS.data && <DeletionPendingBanner />}
          {isScreenShown && (
            <BeneficiaryNamesProvider value={useBeneficiaryNames}>
              <InMainLandmark.Provider value={true}>
                <Outlet />
              </InMainLandmark.Provider>
            </BeneficiaryNamesProvider>
          )}
        </div>
        <footer className="mx-auto mt-12 print:hidden max-w-5xl border-t border-border pt-4 text-xs text-muted-foreground">
          <AboutLinks />
        </footer>
      </main>
      {lock.isLocked ? (
        <VaultLockScreen
          reason={lock.reason}
          keepsScreen={lock.keepsScreen}
          onSignOut={logout}
          isSigningOut={isSigningOut}
        />
      ) : (
        <>
          {sidebarFor(me.role).hasVaultSearch && <VaultSearch />}
          <VaultUnlockDialog />
        </>
      )}
      <RecoveryKeyAfterMoveOver />
      {/* A new firm admin's recovery kit and firm code, after the confirmation link (decision 073). */}
      {me.role === "firm_admin" && (
        <FinishFirmRegistration
          email={me.email}
          isFirmRegistrationPending={me.isFirmRegistrationPending}
        />
      )}
    </div>
  );
}
