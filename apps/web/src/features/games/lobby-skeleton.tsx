import './lobby-frame.css';

/**
 * What home shows while the lobby chunk loads: the lobby's sections at their final sizes (the same
 * classes size both), so nothing below moves when the games arrive. Imported statically by home, so it
 * holds no text and no data code.
 */
export function LobbySkeleton() {
  return (
    <div className="lobby lobby--skeleton" aria-hidden="true">
      <div className="lobby__top">
        <div className="lobby__hot lobby-skeleton__block" />
        <div className="jackpot lobby-skeleton__block" />
      </div>
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="lobby-row lobby-skeleton__block" />
      ))}
      <div className="winner-board lobby-skeleton__block" />
    </div>
  );
}
