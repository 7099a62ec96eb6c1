import qrcode from "qrcode-generator";
import { useMemo } from "react";

/** A QR code of `text` drawn as inline SVG (one path, no markup injected), with `label` as its text alternative. */
export function QrCode({
  text,
  label,
  className,
}: {
  text: string;
  label: string;
  className?: string;
}) {
  const { size, path } = useMemo(() => {
    const qr = qrcode(0, "M");
    qr.addData(text);
    qr.make();
    const count = qr.getModuleCount();
    let d = "";
    for (let row = 0; row < count; row++)
      for (let col = 0; col < count; col++) if (qr.isDark(row, col)) d += `M${col} ${row}h1v1h-1z`;
    return { size: count, path: d };
  }, [text]);
  const margin = 4; // the quiet zone scanners need
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`${-margin} ${-margin} ${size + 2 * margin} ${size + 2 * margin}`}
      shapeRendering="crispEdges"
      className={className}
    >
      <rect
        x={-margin}
        y={-margin}
        width={size + 2 * margin}
        height={size + 2 * margin}
        fill="#fff"
      />
      <path d={path} fill="#000" />
    </svg>
  );
}
