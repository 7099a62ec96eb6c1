import type { Role } from "@common/app";
import {
  Building2,
  ClipboardList,
  FileText,
  Flower2,
  History,
  Hourglass,
  KeyRound,
  LayoutDashboard,
  Mail,
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
};
export type SidebarSection = {
  label: string;
  items: SidebarItem[];
  logoutLabel: string;
  /** "Search vault" (and its / shortcut): for individuals only, whose sidebar is their vault (issue 16). */
  hasVaultSearch: boolean;
};

const INDIVIDUAL: SidebarItem[] = [
  { to: "/dashboard", label: "Dashboard", icon: LayoutDashboard, isExact: true },
  { to: "/vault", label: "Password Vault", icon: KeyRound },
  { to: "/documents", label: "Documents", icon: FileText },
  { to: "/notes", label: "Notes", icon: StickyNote },
  { to: "/estate", label: "Estate Inventory", icon: ClipboardList },
  { to: "/messages", label: "Messages for Later", icon: Mail },
  { to: "/wishes", label: "Final Wishes", icon: Flower2 },
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
 * 'Log out'; firm admins and staff the 'Firm Management' sidebar and 'Logout' (their activity
 * timeline is linked from the profile, as everyone's is: decision 040). Admins get its five
 * entries; staff only those they can use (spec 02 §6: the firm sidebar, the client list), no
 * disabled ones. (Display only: the routes and the server enforce the roles.)
 */
export function sidebarFor(role: Role): SidebarSection {
  if (role === "regular_user")
    return { label: "Main", items: INDIVIDUAL, logoutLabel: "Log out", hasVaultSearch: true };
  return {
    label: "Firm Management",
    items: FIRM.filter((item) => role === "firm_admin" || !item.isAdminOnly).map(
      ({ isAdminOnly: _, ...item }) => item,
    ),
    logoutLabel: "Logout",
    hasVaultSearch: false,
  };
}
