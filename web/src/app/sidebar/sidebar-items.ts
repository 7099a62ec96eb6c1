import type { Role } from "@common/app";
import {
  Building2,
  FileText,
  History,
  Hourglass,
  KeyRound,
  LayoutDashboard,
  Settings,
  StickyNote,
  Ticket,
  UserCog,
  Users,
  type LucideIcon,
} from "lucide-react";

export type SidebarItem = {
  to: string;
  label: string;
  icon: LucideIcon;
  isExact?: boolean;
  /** Shown but not followable, with why (firm staff see the admin-only entries this way). */
  disabledReason?: string;
};
export type SidebarSection = {
  label: string;
  items: SidebarItem[];
  logoutLabel: string;
  /** "Search vault" (and its / shortcut): for individuals only, whose sidebar is their vault (issue 16). */
  hasVaultSearch: boolean;
};

/** Why staff cannot open an admin-only entry (display only: the routes and the server refuse them too). */
export const ADMIN_ONLY_REASON = "Admins only";

const INDIVIDUAL: SidebarItem[] = [
  { to: "/dashboard", label: "Dashboard", icon: LayoutDashboard, isExact: true },
  { to: "/vault", label: "Password Vault", icon: KeyRound },
  { to: "/documents", label: "Documents", icon: FileText },
  { to: "/notes", label: "Notes", icon: StickyNote },
  { to: "/beneficiaries", label: "Beneficiaries", icon: Users },
  { to: "/release", label: "Release Plan", icon: Hourglass },
  { to: "/activity", label: "Activity", icon: History },
];

const FIRM: (SidebarItem & { isAdminOnly?: boolean })[] = [
  { to: "/dashboard", label: "Firm Overview", icon: Building2, isExact: true },
  { to: "/staff", label: "Staff Management", icon: UserCog, isAdminOnly: true },
  { to: "/clients", label: "Client Management", icon: Users },
  { to: "/firm/codes", label: "Firm Codes", icon: Ticket, isAdminOnly: true },
  { to: "/firm/edit", label: "Edit Firm", icon: Settings, isAdminOnly: true },
];

/**
 * Spec 02 'Layout and sidebar': individuals get their vault (and, issue 5, their Release Plan) and
 * 'Log out'; firm admins and staff the 'Firm Management' sidebar with its five entries and 'Logout'
 * (their activity timeline is linked from the profile, as everyone's is: decision 040).
 * Staff see the admin-only entries disabled, saying so. (Display only: the routes and the server
 * enforce the roles.)
 */
export function sidebarFor(role: Role): SidebarSection {
  if (role === "regular_user")
    return { label: "Main", items: INDIVIDUAL, logoutLabel: "Log out", hasVaultSearch: true };
  return {
    label: "Firm Management",
    items: FIRM.map(({ isAdminOnly, ...item }) =>
      isAdminOnly && role !== "firm_admin" ? { ...item, disabledReason: ADMIN_ONLY_REASON } : item,
    ),
    logoutLabel: "Logout",
    hasVaultSearch: false,
  };
}
