import { useId, useState } from 'react';
import { Icon } from './icon';
import './copy-link.css';

export interface CopyLinkTexts {
  label: string;
  copy: string;
  /** Said after the link was copied. */
  copied: string;
  /** Said when the clipboard is refused and the link is selected for the reader to copy by hand. */
  copyManual: string;
}

/**
 * A link to share in a read-only field with a copy button (the agent's and the player's referral
 * links); where the clipboard is refused, the field's text is selected for the reader to copy.
 */
export function CopyLink({ link, texts }: { link: string; texts: CopyLinkTexts }) {
  const inputId = useId();
  const [copied, setCopied] = useState<'yes' | 'manual' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      const input = document.getElementById(inputId);
      if (input instanceof HTMLInputElement) input.select();
      setCopied('manual');
    }
  };
  return (
    <div className="copy-link">
      <label className="form-field__label" htmlFor={inputId}>
        {texts.label}
      </label>
      <div className="copy-link__row">
        <input
          id={inputId}
          className="form-field__input"
          value={link}
          readOnly
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          {copied === 'yes' ? <Icon name="check" size={16} /> : null}
          {texts.copy}
        </button>
      </div>
      <p className="copy-link__status" role="status">
        {copied === 'yes' ? texts.copied : copied === 'manual' ? texts.copyManual : ''}
      </p>
    </div>
  );
}
