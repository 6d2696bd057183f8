import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '@portal/contracts';
import { Field, FieldFrame } from '../../../../components/ui/form';
import { ModalDialog } from '../../../../components/ui/modal-dialog';
import { RichContent } from '../../../../components/ui/rich-content';
import { fieldErrorsOf } from '../../../../lib/api';
import { useOperatorApi } from '../../api/operator-api-context';
import { operatorQueryKey, useOperatorErrorText } from '../../api/queue-queries';
import { DialogFormFooter } from '../../components/dialog-form-footer';
import { text, type ContentKind, type FieldSpec, type FormValues } from './content-kind';
import { ImageListField, SingleImageField } from './image-upload';

/** An announcement takes at most 9 images (announcementPayload). */
const maxAnnouncementImages = 9;

/** The form's field a server problem names: the first part of its path, renamed where the form differs. */
function formFieldOf<Row>(kind: ContentKind<Row>, serverField: string): string {
  const first = serverField.split('.')[0] ?? serverField;
  return kind.formFieldOf?.[first] ?? first;
}

/** One field of the form, entered as its kind says. */
function FormField({
  spec,
  values,
  error,
  onChange,
}: {
  spec: FieldSpec;
  values: FormValues;
  error: string | null;
  onChange: (name: string, value: string | string[]) => void;
}) {
  const { t } = useTranslation('ops-content');
  const label = t(`fields.${spec.name}`);
  const hint = t(`hints.${spec.name}`, { defaultValue: '' }) || null;
  const value = text(values, spec.name);
  const frame = { label, error, hint, requiredMark: spec.required };
  switch (spec.kind) {
    case 'text':
    case 'number':
    case 'datetime':
      return (
        <Field
          {...frame}
          type={spec.kind === 'number' ? 'number' : spec.kind === 'datetime' ? 'datetime-local' : 'text'}
          value={value}
          maxLength={spec.maxLength}
          min={spec.kind === 'number' ? 0 : undefined}
          max={spec.kind === 'number' ? 9999 : undefined}
          onValueChange={(next) => onChange(spec.name, next)}
        />
      );
    case 'textarea':
    case 'html':
      return (
        <FieldFrame {...frame}>
          {(control) => (
            <textarea
              {...control}
              className="form-field__input ops-content__textarea"
              rows={spec.kind === 'html' ? 8 : 5}
              value={value}
              maxLength={spec.maxLength}
              onChange={(event) => onChange(spec.name, event.target.value)}
            />
          )}
        </FieldFrame>
      );
    case 'select':
      return (
        <FieldFrame {...frame}>
          {(control) => (
            <select
              {...control}
              className="form-field__input"
              value={value}
              onChange={(event) => onChange(spec.name, event.target.value)}
            >
              {(spec.options ?? []).map((option) => (
                <option key={option} value={option}>
                  {t(`options.${spec.name}.${option}`, { defaultValue: option })}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
      );
    case 'image':
      return (
        <FieldFrame {...frame}>
          {(control) => (
            <>
              <input
                {...control}
                className="form-field__input"
                value={value}
                maxLength={spec.maxLength}
                onChange={(event) => onChange(spec.name, event.target.value)}
              />
              <SingleImageField value={value} label={label} onChange={(url) => onChange(spec.name, url)} />
            </>
          )}
        </FieldFrame>
      );
    case 'images': {
      const urls = values[spec.name];
      return (
        <fieldset className="ops-content__fieldset">
          <legend className="form-field__label">{label}</legend>
          <ImageListField
            value={Array.isArray(urls) ? urls : []}
            max={maxAnnouncementImages}
            onChange={(next) => onChange(spec.name, next)}
          />
          {error ? <p className="form-field__error">{error}</p> : null}
        </fieldset>
      );
    }
  }
}

/**
 * Creates or edits one item of a content kind in a dialog. The server validates with the contracts (and
 * sanitizes HTML); its field problems show under their fields, the rest above the buttons, and the
 * dialog stays open with what was typed. A saved item's HTML shows as the server keeps it (sanitized).
 */
export function ContentFormDialog<Row>({
  kind,
  row,
  onClose,
  onSaved,
}: {
  kind: ContentKind<Row>;
  row: Row | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('ops-content');
  const api = useOperatorApi();
  const errorText = useOperatorErrorText();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<FormValues>(() => (row ? kind.valuesOf(row) : kind.emptyValues));
  const [problems, setProblems] = useState<FieldError[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const visible = kind.fields.filter((spec) => !spec.showWhen || spec.showWhen(values));
  const save = useMutation({
    mutationFn: () => kind.save(api, values, row),
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorQueryKey }),
  });

  const errorOf = (name: string) =>
    problems
      .filter((problem) => problem.field === name)
      .map((problem) => problem.message)
      .join(' ') || null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setFormError(null);
    const missing = visible
      .filter((spec) => spec.required && text(values, spec.name).trim() === '')
      .map((spec) => ({ field: spec.name, message: t('form.required') }));
    setProblems(missing);
    if (missing.length > 0) return;
    save.mutate(undefined, {
      onSuccess: onSaved,
      onError: (error) => {
        const fields = fieldErrorsOf(error).map((problem) => ({
          ...problem,
          field: formFieldOf(kind, problem.field),
        }));
        setProblems(fields);
        const shown = new Set(visible.map((spec) => spec.name));
        const unplaced = fields.filter((problem) => !shown.has(problem.field));
        setFormError(
          [errorText(error), ...unplaced.map((problem) => `${problem.field}: ${problem.message}`)].join(' '),
        );
      },
    });
  };

  const savedHtml = row && kind.savedHtml ? kind.savedHtml(row) : null;
  return (
    <ModalDialog
      title={t(row ? `kinds.${kind.id}.edit` : `kinds.${kind.id}.new`)}
      onClose={onClose}
      className="ops-content__dialog"
    >
      <form className="ops-content__form" onSubmit={submit} noValidate>
        {visible.map((spec) => (
          <FormField
            key={spec.name}
            spec={spec}
            values={values}
            error={errorOf(spec.name)}
            onChange={(name, value) => {
              setValues((current) => ({ ...current, [name]: value }));
              setProblems((current) => current.filter((problem) => problem.field !== name));
            }}
          />
        ))}
        {savedHtml !== null ? (
          <section className="ops-content__saved" aria-labelledby="ops-content-saved">
            <h2 id="ops-content-saved" className="form-field__label">
              {t('form.savedPreview')}
            </h2>
            <RichContent html={savedHtml} className="ops-content__rich" />
          </section>
        ) : null}
        <DialogFormFooter
          error={formError}
          cancelLabel={t('confirm.cancel')}
          onCancel={onClose}
          pending={save.isPending}
          pendingLabel={t('form.saving')}
          submitLabel={t('form.save')}
        />
      </form>
    </ModalDialog>
  );
}
