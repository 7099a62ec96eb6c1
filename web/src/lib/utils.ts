import { clsx, type ClassValue } from "clsx";

/** Joins class names. (No tailwind-merge: it costs 8 KB gzipped on every page; components avoid conflicting classes instead.) */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
