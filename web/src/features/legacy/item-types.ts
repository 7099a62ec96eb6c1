import type { AssetType } from "@common/assets";
import {
  ClipboardList,
  FileText,
  Flower2,
  KeyRound,
  Mail,
  NotebookPen,
  type LucideIcon,
} from "lucide-react";

/** How the portal names and draws each kind of item left to a beneficiary. */
export const ITEM_TYPES: Record<AssetType, { label: string; Icon: LucideIcon }> = {
  password: { label: "Password", Icon: KeyRound },
  document: { label: "Document", Icon: FileText },
  note: { label: "Note", Icon: NotebookPen },
  estate: { label: "Inventory entry", Icon: ClipboardList },
  message: { label: "Message", Icon: Mail },
  wishes: { label: "Final wishes", Icon: Flower2 },
};
