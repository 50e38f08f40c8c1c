import { encode } from 'uqr';

/**
 * A QR code as inline SVG, generated on the server (no client JS, no image request). One path
 * of unit squares; crispEdges keeps the modules sharp at any zoom.
 */
export function QrCode({ value, label, size = 176 }: { value: string; label: string; size?: number }) {
  const { data, size: modules } = encode(value, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${modules} ${modules}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className="rounded-control bg-white"
      data-qr-value={value}
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#0f172a" />
    </svg>
  );
}
