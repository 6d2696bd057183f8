import type { SlotSymbol } from '@portal/contracts/bgs';

/** Our own drawings of the slot symbols (no vendor artwork); the reel announces their names. */
export function SlotSymbolIcon({ symbol }: { symbol: SlotSymbol }) {
  return (
    <svg
      className={`bgs-symbol bgs-symbol--${symbol}`}
      viewBox="0 0 64 64"
      width="56"
      height="56"
      aria-hidden="true"
    >
      {symbolShapes[symbol]}
    </svg>
  );
}

const symbolShapes: Record<SlotSymbol, React.ReactNode> = {
  cherry: (
    <>
      <path d="M22 40 Q30 14 44 10 M42 40 Q40 22 44 10" stroke="#2f8f3a" strokeWidth="3" fill="none" />
      <circle cx="22" cy="44" r="11" fill="#d62839" />
      <circle cx="42" cy="44" r="11" fill="#b3122b" />
    </>
  ),
  lemon: <ellipse cx="32" cy="34" rx="22" ry="16" fill="#f5d90a" stroke="#c9a800" strokeWidth="2" />,
  bell: (
    <>
      <path d="M16 46 Q18 14 32 12 Q46 14 48 46 Z" fill="#f0a202" stroke="#b87400" strokeWidth="2" />
      <circle cx="32" cy="50" r="5" fill="#b87400" />
    </>
  ),
  clover: (
    <>
      <circle cx="24" cy="24" r="10" fill="#2e9e4f" />
      <circle cx="40" cy="24" r="10" fill="#2e9e4f" />
      <circle cx="24" cy="40" r="10" fill="#2e9e4f" />
      <circle cx="40" cy="40" r="10" fill="#2e9e4f" />
      <path d="M32 32 L40 56" stroke="#1d6b34" strokeWidth="3" />
    </>
  ),
  diamond: <path d="M32 8 L54 28 L32 56 L10 28 Z" fill="#4cc9f0" stroke="#277da1" strokeWidth="2" />,
  seven: (
    <path
      d="M14 12 H50 V20 L30 56 H20 L40 20 H14 Z"
      fill="#e63946"
      stroke="#9d0208"
      strokeWidth="2"
      strokeLinejoin="round"
    />
  ),
  crown: (
    <>
      <path
        d="M10 48 L14 18 L26 32 L32 12 L38 32 L50 18 L54 48 Z"
        fill="#ffd166"
        stroke="#b8860b"
        strokeWidth="2"
      />
      <rect x="10" y="48" width="44" height="6" fill="#b8860b" />
    </>
  ),
};
