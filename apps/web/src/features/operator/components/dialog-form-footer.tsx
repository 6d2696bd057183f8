import { FormError, SubmitButton } from '../../../components/ui/form';

/**
 * The end of a console dialog's form: the error the save answered (or none), then cancel and the submit
 * button, which shows `pendingLabel` while the save runs. Every label is the caller's (its namespace).
 */
export function DialogFormFooter({
  error,
  cancelLabel,
  onCancel,
  pending,
  pendingLabel,
  submitLabel,
  focusCancel = false,
}: {
  error: string | null;
  cancelLabel: string;
  onCancel: () => void;
  pending: boolean;
  pendingLabel: string;
  submitLabel: string;
  /** Whether the dialog opens with the focus on cancel (a dialog with no fields to fill first). */
  focusCancel?: boolean;
}) {
  return (
    <>
      <FormError>{error}</FormError>
      <div className="operator-confirm__buttons">
        <button
          type="button"
          className="button button--ghost"
          onClick={onCancel}
          {...(focusCancel ? { 'data-autofocus': true } : {})}
        >
          {cancelLabel}
        </button>
        <SubmitButton pending={pending} pendingLabel={pendingLabel}>
          {submitLabel}
        </SubmitButton>
      </div>
    </>
  );
}
