import type { Role } from "./constants.js";

/** The app's view of the signed-in user (GET /api/me), shared by the server's presenter and the web app. */
export type Me = {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  address: string | null;
  role: Role;
  firmId: string | null;
  firmName: string | null;
  isAdmin: boolean;
  isStaff: boolean;
  twoFactorEnabled: boolean;
  createdAt: string;
};
