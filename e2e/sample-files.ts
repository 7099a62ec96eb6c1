/** Files for journeys, made in code. */

/** A minimal valid one-page PDF (header, catalog, pages, page, xref, trailer), with a binary comment line and `text` inside. */
export function pdf(text: string): Buffer {
  const parts = [Buffer.from("%PDF-1.4\n%"), Buffer.from([0xe2, 0xe3, 0xcf, 0xd3, 0x0a])];
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Title (${text}) >>`,
  ];
  const offsets: number[] = [];
  let length = parts.reduce((n, p) => n + p.length, 0);
  objects.forEach((body, i) => {
    offsets.push(length);
    const obj = Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`);
    parts.push(obj);
    length += obj.length;
  });
  const xref = [
    "xref",
    `0 ${objects.length + 1}`,
    "0000000000 65535 f ",
    ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n `),
  ].join("\n");
  parts.push(
    Buffer.from(
      `${xref}\ntrailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}
