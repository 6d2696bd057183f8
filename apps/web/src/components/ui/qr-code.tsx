import { useMemo } from 'react';
import { encode } from 'uqr';

/** Builds one SVG path of all dark modules, row runs merged, so a QR code is a single element. */
export function qrPath(value: string): { path: string; size: number } {
  const qr = encode(value, { ecc: 'M', border: 2 });
  const segments: string[] = [];
  qr.data.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      segments.push(`M${start} ${y}h${x - start}v1h${start - x}z`);
    }
  });
  return { path: segments.join(''), size: qr.size };
}

interface QrCodeProps {
  value: string;
  /** Accessible name, e.g. "Android app download QR code". */
  label: string;
  sizePx?: number;
}

/** A QR code encoded in the browser and drawn as inline SVG: always dark on white, so it scans. */
export function QrCode({ value, label, sizePx = 120 }: QrCodeProps) {
  const { path, size } = useMemo(() => qrPath(value), [value]);
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      width={sizePx}
      height={sizePx}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
