/**
 * Footer vendor marks (spec section 9: PG, EG2, PT, JDB, CQ9, FC, JL, BGS). These are plain lettered
 * badges drawn here, not the vendors' trademarked logos.
 */
export const footerVendors = ['PG', 'EG2', 'PT', 'JDB', 'CQ9', 'FC', 'JL', 'BGS'] as const;

// Distinct hues per badge so the row reads as a set of partners, not one repeated shape.
const hues: Readonly<Record<string, number>> = {
  PG: 18,
  EG2: 265,
  PT: 205,
  JDB: 145,
  CQ9: 340,
  FC: 45,
  JL: 185,
  BGS: 290,
};

/** One vendor's lettered badge. */
export function VendorBadge({ code }: { code: string }) {
  const hue = hues[code] ?? 220;
  const gradientId = `vendor-${code}`;
  return (
    <svg className="vendor-badge" role="img" aria-label={code} width={76} height={32} viewBox="0 0 76 32">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={`hsl(${hue} 70% 52%)`} />
          <stop offset="1" stopColor={`hsl(${hue + 25} 75% 34%)`} />
        </linearGradient>
      </defs>
      <rect width="76" height="32" rx="8" fill={`url(#${gradientId})`} />
      <text
        x="38"
        y="21.5"
        textAnchor="middle"
        fill="#ffffff"
        fontSize="14"
        fontWeight="800"
        letterSpacing="1"
        fontFamily="system-ui, sans-serif"
      >
        {code}
      </text>
    </svg>
  );
}
