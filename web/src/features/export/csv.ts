import { csvCell } from "@common/csv";
import { PASSWORDS_CSV_COLUMNS, type ExportedPassword } from "@common/export";

/** passwords.csv: name,url,username,password,note, one row per item, CRLF line ends. */
export function passwordsCsv(items: readonly ExportedPassword[]): string {
  const rows = items.map((item) =>
    [item.title, item.url, item.username, item.password, item.notes].map(csvCell).join(","),
  );
  return [PASSWORDS_CSV_COLUMNS.join(","), ...rows].join("\r\n") + "\r\n";
}
