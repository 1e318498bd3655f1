import { createContext, useContext } from "react";
import { DEFAULT_TIME_ZONE, formatInZone } from "@core/admin-time";

/** The signed-in admin's time zone (the admin layout provides it from the admin_tz cookie). */
export const AdminTimeZone = createContext<string>(DEFAULT_TIME_ZONE);

/** Formats a date (and time) in the signed-in admin's zone; for components under the admin layout. */
export function useAdminDate(): (iso: string | Date, withTime?: boolean) => string {
  const tz = useContext(AdminTimeZone);
  return (iso, withTime = true) => formatInZone(iso, tz, withTime);
}
