import './progress-bar.css';

interface ProgressBarProps {
  /** How far along, between 0 and `max`. */
  value: number;
  max: number;
  /** What the bar measures (its accessible name), e.g. "Wagering of Welcome bonus". */
  label: string;
  /** The progress in words, shown under the bar and read as its value ("฿250.00 of ฿1,000.00 wagered"). */
  valueText: string;
}

/** A labelled progress bar (role progressbar with its value, bounds and text), in both themes. */
export function ProgressBar({ value, max, label, valueText }: ProgressBarProps) {
  const bounded = max > 0 ? Math.min(Math.max(value, 0), max) : 0;
  const percent = max > 0 ? (bounded / max) * 100 : 0;
  return (
    <div className="progress-bar">
      <div
        className="progress-bar__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={bounded}
        aria-valuetext={valueText}
      >
        <span className="progress-bar__fill" style={{ inlineSize: `${percent}%` }} />
      </div>
      <p className="progress-bar__text" aria-hidden="true">
        {valueText}
      </p>
    </div>
  );
}
